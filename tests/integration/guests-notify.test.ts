import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TDashboardSummary } from '../../src/common/schemas/guests.responses.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { DIGEST_EVERY_MS, NOTIFY_LAG_MS, notifyNewRsvps } from '../../src/server/modules/guests/notify-new-rsvps.ts';
import { createEvent, futureDate } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
const owner = await signedInUser(t);
const cohost = await signedInUser(t);

const later = (ms: number) => new Date(Date.now() + ms);
const notes = async (eventId: string) =>
  (
    await t.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(like(outbox.idempotency_key, `rsvp-notify:${eventId}:%`))
  ).map((r) => r.payload as EmailPayload);

describe('new-RSVP notifications for hosts', () => {
  it("'each': one e-mail per run with news to the owner and co-hosts with accounts; nothing twice", async () => {
    const e = await createEvent(t, owner, { notify_rsvps: 'each' });
    expect(e.notify_rsvps).toBe('each');
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: owner.cookie });
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: 'no-account@example.com' }, cookie: owner.cookie });
    await postRsvp(t, e.id, rsvpInput({ name: 'Ada', guest_count: 2 }));
    await postRsvp(t, e.id, rsvpInput({ name: 'Bo', status: 'declined' }));
    expect(await notifyNewRsvps(t.deps, later(NOTIFY_LAG_MS + 1000))).toBe(2);
    const sent = await notes(e.id);
    expect(sent.map((m) => m.to).sort()).toEqual([owner.email, cohost.email].sort());
    expect(sent[0]!.subject).toBe(`${e.title}: 2 new RSVPs`);
    expect(sent[0]!.text).toContain('Ada — Going (2 guests)');
    expect(sent[0]!.text).toContain("Bo — Can't go");
    expect(sent[0]!.text).toContain(`/auth/admin?tab=guest-list&event=${e.id}`);
    // A second run finds nothing new; the next answer is news again.
    expect(await notifyNewRsvps(t.deps, later(NOTIFY_LAG_MS + 2000))).toBe(0);
    await postRsvp(t, e.id, rsvpInput({ name: 'Cy' }));
    await t.db
      .update(event_rsvps)
      .set({ created_at: later(10_000) })
      .where(eq(event_rsvps.name, 'Cy'));
    expect(await notifyNewRsvps(t.deps, later(10_000 + NOTIFY_LAG_MS + 1000))).toBe(2);
    expect((await notes(e.id)).filter((m) => m.text.includes('Cy — Going'))).toHaveLength(2);
  });

  it("'digest': at most one e-mail a day; 'off' none; switching on starts from that moment", async () => {
    const off = await createEvent(t, owner);
    expect(off.notify_rsvps).toBe('off');
    await postRsvp(t, off.id, rsvpInput({ name: 'Early' }));
    await notifyNewRsvps(t.deps, later(DIGEST_EVERY_MS * 2));
    expect(await notes(off.id)).toHaveLength(0);
    // Switched on later: the answer from before is not news.
    const patched = await t.request(`/api/events/${off.id}`, { method: 'PATCH', json: { notify_rsvps: 'digest' }, cookie: owner.cookie });
    expect((await patched.json()).event.notify_rsvps).toBe('digest');
    await postRsvp(t, off.id, rsvpInput({ name: 'Late' }));
    expect(await notifyNewRsvps(t.deps, later(NOTIFY_LAG_MS + 1000))).toBe(0); // not a day yet
    expect(await notifyNewRsvps(t.deps, later(DIGEST_EVERY_MS + 1000))).toBe(1);
    const [digest] = await notes(off.id);
    expect(digest!.subject).toBe(`Today for ${off.title}: a new RSVP`);
    expect(digest!.text).toContain('Late — Going');
    expect(digest!.text).not.toContain('Early');
    expect(await notifyNewRsvps(t.deps, later(DIGEST_EVERY_MS + 60_000))).toBe(0);
  });

  it('a bad value is refused naming the field', async () => {
    const e = await createEvent(t, owner);
    const res = await t.request(`/api/events/${e.id}`, { method: 'PATCH', json: { notify_rsvps: 'hourly' }, cookie: owner.cookie });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fields)).toEqual(['notify_rsvps']);
  });
});

describe('dashboard summary', () => {
  it('real totals of the last 30 days for the events the user manages', async () => {
    const host = await signedInUser(t);
    const summary = async () => (await (await t.request('/api/dashboard/summary', { cookie: host.cookie })).json()) as TDashboardSummary;
    expect(await summary()).toMatchObject({ period: { days: 30 }, events: { upcoming: 0, rsvps_received: 0, guests_going: 0 } });
    const a = await createEvent(t, host, { event_date: futureDate(10) });
    const past = await createEvent(t, host, { event_date: futureDate(-5) });
    await createEvent(t, host, { event_date: futureDate(-60) });
    const other = await createEvent(t, owner);
    await postRsvp(t, a.id, rsvpInput({ guest_count: 3 }));
    await postRsvp(t, a.id, rsvpInput({ status: 'maybe' }));
    await postRsvp(t, other.id, rsvpInput());
    // An ended event takes no answers: its guests written as an import would.
    await t.db.insert(event_rsvps).values([
      { event_id: past.id, name: 'Came', email: 'came@example.com', guest_count: 2, attended: true, checked_in_at: new Date() },
      { event_id: past.id, name: 'Early bird', email: 'early@example.com', created_at: sql`now() - interval '40 days'` },
    ]);
    const s = await summary();
    expect(s.events).toEqual({ upcoming: 1, rsvps_received: 3, guests_going: 5 });
    expect(s.check_in).toEqual({ checked_in: 2, pending: 4 });
    expect(Date.parse(s.period.to) - Date.parse(s.period.from)).toBe(30 * 86_400_000);
    expect((await t.request('/api/dashboard/summary')).status).toBe(401);
  });
});
