import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema/events.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { insertEvent, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { createTestApp } from '../support/app.ts';

// Concurrency on the real server: requests run at once through app.request(), the pg pool is real.
const t = await createTestApp({ RATE_LIMIT: 'false' });

async function seats(eventId: string) {
  const [e] = await t.db.select({ taken: events.seats_taken, max: events.max_attendees }).from(events).where(eq(events.id, eventId));
  const [s] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${event_rsvps.guest_count}), 0)::int`, rows: sql<number>`count(*)::int` })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.event_id, eventId), eq(event_rsvps.status, 'confirmed')));
  return { taken: e!.taken, max: e!.max, sum: s!.sum, confirmedRows: s!.rows };
}

describe('capacity under concurrency', () => {
  it('200 simultaneous confirmed RSVPs for 50 seats → exactly 50 accepted, never oversold', async () => {
    const event = await insertEvent(t, { max_attendees: 50 });
    const results = await Promise.all(Array.from({ length: 200 }, () => postRsvp(t, event.id, rsvpInput())));
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(accepted).toHaveLength(50);
    expect(refused).toHaveLength(150);
    expect(refused.every((r) => r.body.error.code === 'capacity_exceeded')).toBe(true);
    expect(await seats(event.id)).toEqual({ taken: 50, max: 50, sum: 50, confirmedRows: 50 });
    // Refused answers left nothing behind: no row, no e-mail.
    const [{ n }] = (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${event_rsvps} WHERE event_id = ${event.id}`))
      .rows as [{ n: number }];
    expect(n).toBe(50);
    const mails = await t.db
      .select({ key: outbox.idempotency_key })
      .from(outbox)
      .where(
        sql`${outbox.idempotency_key} LIKE 'rsvp:%' AND split_part(${outbox.idempotency_key}, ':', 2)::uuid IN (SELECT id FROM event_rsvps WHERE event_id = ${event.id})`,
      );
    expect(mails).toHaveLength(50);
  });

  it('mixed party sizes racing for 50 seats: counter equals the confirmed sum and stays within the cap', async () => {
    const event = await insertEvent(t, { max_attendees: 50 });
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) => postRsvp(t, event.id, rsvpInput({ guest_count: (i % 4) + 1 }))),
    );
    const accepted = results.filter((r) => r.status === 201);
    const s = await seats(event.id);
    expect(s.taken).toBe(s.sum);
    expect(s.taken).toBeLessThanOrEqual(50);
    expect(s.taken).toBeGreaterThanOrEqual(47); // only parties larger than what was left were refused
    expect(accepted.reduce((n, r) => n + r.body.rsvp.guest_count, 0)).toBe(s.sum);
  });

  it('concurrent changes of answers (confirm, maybe, decline, resize) keep the counter exact', async () => {
    const event = await insertEvent(t, { max_attendees: 30 });
    const guests = Array.from({ length: 25 }, () => rsvpInput());
    const statuses = ['confirmed', 'maybe', 'declined'] as const;
    const rounds = Array.from({ length: 6 }, (_, round) =>
      guests.map((g, i) => ({ ...g, status: statuses[(i + round) % 3]!, guest_count: ((i * 7 + round) % 3) + 1 })),
    );
    for (const answers of rounds) {
      // Each guest's answers race with everyone else's, and two of one guest's answers race too.
      const shuffled = [...answers, ...answers.slice(0, 8).map((a) => ({ ...a, guest_count: 1 }))].sort(() => Math.random() - 0.5);
      const results = await Promise.all(shuffled.map((a) => postRsvp(t, event.id, a)));
      expect(results.every((r) => [200, 201, 409].includes(r.status))).toBe(true);
      const s = await seats(event.id);
      expect(s.taken).toBe(s.sum);
      expect(s.taken).toBeLessThanOrEqual(30);
    }
    const rows = await t.db.select().from(event_rsvps).where(eq(event_rsvps.event_id, event.id));
    expect(rows).toHaveLength(25);
  });
});
