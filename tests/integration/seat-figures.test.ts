import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema/events.ts';
import { SeatFigures } from '../../src/server/modules/events/public/seat-figures.ts';
import { createEvent } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

// Seats left on the public event page (ADR 0016, docs/product.md#operations): this process's own seat
// changes show on its next page; another process's reach it within a second.
const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t, { email: `seat-owner-${Date.now()}@example.com` });

type Figures = { seats_left: number | null; going: number | null };
async function pageFigures(slug: string): Promise<Figures> {
  const res = await t.request(`/event/${slug}`);
  expect(res.status).toBe(200);
  const json = /<script type="application\/json" id="event-data">(.*?)<\/script>/s.exec(await res.text())?.[1];
  expect(json).toBeDefined();
  const { seats_left, going } = JSON.parse(json!) as Figures;
  return { seats_left, going };
}

async function versionOf(eventId: string): Promise<number> {
  const [row] = await t.db.select({ v: events.seats_version }).from(events).where(eq(events.id, eventId));
  return row!.v;
}

describe('seats left on the event page', () => {
  it('count every answer this process acknowledged, on the very next page (no waiting for a refresh)', async () => {
    const e = await createEvent(t, owner, { max_attendees: 20, show_guest_count: true });
    expect(await pageFigures(e.slug)).toEqual({ seats_left: 20, going: 0 });
    // Answers in parallel: their commits reach this process in any order; the page never goes back.
    const answers = await Promise.all([1, 2, 3, 1, 2].map((n) => postRsvp(t, e.id, rsvpInput({ guest_count: n }))));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await pageFigures(e.slug)).toEqual({ seats_left: 11, going: 9 });
    expect(await versionOf(e.id)).toBe(5);

    // A decline takes no seat; a staff delete frees the seats at once.
    expect((await postRsvp(t, e.id, rsvpInput({ status: 'declined' }))).status).toBe(201);
    expect(await pageFigures(e.slug)).toEqual({ seats_left: 11, going: 9 });
    const three = answers[2]!.body.rsvp.id as string;
    const del = await t.request(`/api/events/${e.id}/rsvps/${three}`, { method: 'DELETE', cookie: owner.cookie });
    expect(del.status).toBe(204);
    expect(await pageFigures(e.slug)).toEqual({ seats_left: 14, going: 6 });
    // The API agrees.
    const api = (await (await t.request(`/api/public/events/${e.id}`)).json()) as { event: Figures };
    expect({ seats_left: api.event.seats_left, going: api.event.going }).toEqual({ seats_left: 14, going: 6 });
  });

  it("follow another process's change (any UPDATE of the counter moves its version; the bench holds the 1 s bound)", async () => {
    const e = await createEvent(t, owner, { max_attendees: 10 });
    expect((await pageFigures(e.slug)).seats_left).toBe(10);
    const before = await versionOf(e.id);
    // As another process (or an importer) writes it: no NOTIFY, no local commit to hear.
    await t.db
      .update(events)
      .set({ seats_taken: sql`${events.seats_taken} + 4` })
      .where(eq(events.id, e.id));
    expect(await versionOf(e.id)).toBe(before + 1);
    // Correctness, not speed: poll with a generous deadline (the bound itself is the bench's to hold).
    const deadline = Date.now() + 10_000;
    let left = (await pageFigures(e.slug)).seats_left;
    while (left !== 6 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      left = (await pageFigures(e.slug)).seats_left;
    }
    expect(left).toBe(6);
    // An edit that leaves the counter alone does not move the version.
    await t.db.update(events).set({ title: 'Renamed' }).where(eq(events.id, e.id));
    expect(await versionOf(e.id)).toBe(before + 1);
  });

  it('keep the newest of the readings they hear, whatever order they arrive in', async () => {
    const e = await createEvent(t, owner, { max_attendees: 10 });
    const figures = new SeatFigures(t.db);
    try {
      figures.offer(e.id, 5, 7);
      figures.offer(e.id, 4, 6); // an older commit heard later
      expect(await figures.read(e.id)).toBe(5);
      figures.committed({ eventId: e.id, taken: 6, version: 8 });
      expect(await figures.read(e.id)).toBe(6);
      // A read of the database (version 0 here) is older than what this process committed: not kept.
      expect(await figures.read(e.id, true)).toBe(0);
      expect(await figures.read(e.id)).toBe(6);
      // Unknown events read as null and leave nothing behind.
      const gone = crypto.randomUUID();
      expect(await figures.read(gone)).toBeNull();
      expect(figures.peek(gone)).toBeUndefined();
    } finally {
      await figures.close();
    }
  });
});
