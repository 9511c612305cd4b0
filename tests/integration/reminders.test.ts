import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TEventAdmin } from '../../src/common/schemas/events.ts';
import { outbox, type QueuedEmail, type SmsPayload } from '../../src/server/db/schema/outbox.ts';
import { event_reminder_runs } from '../../src/server/db/schema/reminders.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { sms_messages, sms_opt_outs } from '../../src/server/db/schema/sms.ts';
import type { Channels } from '../../src/server/integrations/channels.ts';
import { deliverClaimed, TOO_LATE } from '../../src/server/modules/outbox/deliver-claimed.ts';
import { type Claimed, createOutboxStore } from '../../src/server/modules/outbox/outbox-store.ts';
import { sendableEmail } from '../../src/server/modules/outbox/sendable-email.ts';
import { sendDueReminders } from '../../src/server/modules/reminders/send-reminders.ts';
import { createEvent } from '../factories/events.ts';
import { cancelAnswer, changeAnswer, insertImportedRsvp, manageSecretOf, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

/**
 * Guest reminders (docs/product.md#reminders) on a controllable clock: sendDueReminders(deps, now) is what
 * the worker runs every 30 s. No reminder early, none twice, none late, none after a cancellation.
 */
const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
const owner = await signedInUser(t);

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs);

async function messages(eventId: string) {
  const rows = await t.db
    .select({ key: outbox.idempotency_key, channel: outbox.channel, payload: outbox.payload })
    .from(outbox)
    .where(like(outbox.idempotency_key, `reminder%:${eventId}:%`));
  return {
    emails: rows.filter((r) => r.channel === 'email').map((r) => ({ key: r.key, ...sendableEmail(r.payload as QueuedEmail) })),
    texts: rows.filter((r) => r.channel === 'sms').map((r) => ({ key: r.key, ...(r.payload as SmsPayload) })),
  };
}

const patch = (id: string, json: unknown) => t.request(`/api/events/${id}`, { method: 'PATCH', json, cookie: owner.cookie });
const reminders = async (id: string): Promise<TEventAdmin['reminders']> =>
  ((await (await t.request(`/api/events/${id}`, { cookie: owner.cookie })).json()) as { event: TEventAdmin }).event.reminders;

describe('guest reminders', () => {
  it('a new event reminds 1 day and 2 hours before; going guests get their ticket, maybe guests a nudge; once each', async () => {
    const start = '2031-06-21T17:00:00.000Z';
    const e = await createEvent(t, owner, { event_date: start, timezone: 'America/Chicago', location: '12 Main St, Chicago' });
    expect(e.reminders).toEqual([
      { minutes_before: 1440, due_at: '2031-06-20T17:00:00.000Z', status: 'pending', emails: 0, texts: 0 },
      { minutes_before: 120, due_at: '2031-06-21T15:00:00.000Z', status: 'pending', emails: 0, texts: 0 },
    ]);
    const going = rsvpInput({ name: 'Ada', guest_count: 2, phone: '+14155550101' });
    const maybe = rsvpInput({ name: 'Bo', status: 'maybe', phone: '+14155550102' });
    const declined = rsvpInput({ name: 'Cy', status: 'declined' });
    const quiet = rsvpInput({ name: 'Di' });
    for (const r of [going, maybe, declined, quiet]) expect((await postRsvp(t, e.id, r)).status).toBe(201);
    const off = await t.request(`/api/public/rsvps/${await manageSecretOf(t, e.id, quiet.email)}/reminders`, {
      method: 'PUT',
      json: { reminders: 'off' },
    });
    expect(await off.json()).toEqual({ reminders: 'off' });
    // The host sees it in the guest's detail.
    const [quietRow] = await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.email, quiet.email));
    const detail = await (await t.request(`/api/events/${e.id}/rsvps/${quietRow!.id}`, { cookie: owner.cookie })).json();
    expect(detail.rsvp.reminders_off).toBe(true);

    // Not a minute early.
    expect(await sendDueReminders(t.deps, at('2031-06-20T17:00:00.000Z', -MIN))).toEqual([]);
    expect((await messages(e.id)).emails).toEqual([]);
    const [run] = await sendDueReminders(t.deps, at('2031-06-20T17:00:00.000Z'));
    expect(run).toEqual({ eventId: e.id, minutesBefore: 1440, emails: 2, texts: 1 });
    // Not twice, however often (or by however many processes) the sender runs.
    expect(await sendDueReminders(t.deps, at('2031-06-20T17:00:00.000Z', 10 * MIN))).toEqual([]);

    const { emails, texts } = await messages(e.id);
    expect(emails.map((m) => m.to).sort()).toEqual([going.email, maybe.email].sort());
    const ada = emails.find((m) => m.to === going.email)!;
    expect(ada.subject).toBe(`Reminder: ${e.title} is coming up`);
    // The event's local time, the place with a map link, the ticket, the manage page and the way to stop.
    expect(ada.text).toContain('Saturday, June 21, 2031 · 12:00 PM CDT');
    expect(ada.text).toContain('12 Main St, Chicago');
    expect(ada.text).toContain('https://www.google.com/maps/search/?api=1&query=12%20Main%20St%2C%20Chicago');
    expect(ada.text).toMatch(/Your ticket: http:\/\/localhost:3999\/ticket\/[\w-]{24}/);
    const secret = await manageSecretOf(t, e.id, going.email);
    expect(ada.text).toContain(`http://localhost:3999/rsvp/${secret}?reminders=off`);
    expect(ada.html).toContain('Hi Ada,');
    // A mail client's own "Unsubscribe" (RFC 8058): the URL of List-Unsubscribe, POSTed by the provider's servers
    // (form-encoded, no Origin, no session), turns them off; turned on again from the manage page.
    expect(ada.unsubscribe).toBe(`http://localhost:3999/api/public/rsvps/${secret}/reminders/one-click`);
    const oneClick = await t.app.request(ada.unsubscribe!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect([oneClick.status, await oneClick.json()]).toEqual([200, { reminders: 'off' }]);
    const on = await t.request(`/api/public/rsvps/${secret}/reminders`, { method: 'PUT', json: { reminders: 'on' } });
    expect(await on.json()).toEqual({ reminders: 'on' });
    const bo = emails.find((m) => m.to === maybe.email)!;
    expect(bo.subject).toBe(`Are you coming to ${e.title}?`);
    expect(bo.text).toContain('You answered "Maybe"');
    expect(bo.text).not.toContain('/ticket/');
    // SMS for the going guest with a phone only, recorded in their message history.
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to).toBe('+14155550101');
    expect(texts[0]!.body).toMatch(
      new RegExp(
        `^Reminder: ${e.title} · Saturday, June 21, 2031 · 12:00 PM CDT · 12 Main St, Chicago\\. Your ticket: http://localhost:3999/ticket/[\\w-]{24}$`,
      ),
    );
    expect(await t.db.select().from(sms_messages).where(eq(sms_messages.event_id, e.id))).toHaveLength(1);
    expect((await reminders(e.id))[0]).toMatchObject({ minutes_before: 1440, status: 'sent', emails: 2, texts: 1 });

    // Ada cancels: the 2-hour reminder passes her by; Bo still hears.
    await cancelAnswer(t, secret);
    const [second] = await sendDueReminders(t.deps, at(start, -2 * HOUR));
    expect(second).toEqual({ eventId: e.id, minutesBefore: 120, emails: 1, texts: 0 });
    // Never after the start, and nothing is left to send.
    expect(await sendDueReminders(t.deps, at(start, MIN))).toEqual([]);
    expect((await messages(e.id)).emails.filter((m) => m.to === going.email)).toHaveLength(1);
  });

  it('an answer changed after the reminder was queued outranks it while it waits', async () => {
    const start = '2031-07-01T20:00:00.000Z';
    const e = await createEvent(t, owner, { event_date: start, reminder_minutes: [60] });
    const guest = rsvpInput({ name: 'Eve', phone: '+14155550150' });
    await postRsvp(t, e.id, guest);
    await sendDueReminders(t.deps, at(start, -HOUR));
    const [queued] = await t.db
      .select({ supersede_key: outbox.supersede_key, supersede_rank: outbox.supersede_rank })
      .from(outbox)
      .where(like(outbox.idempotency_key, `reminder:${e.id}:%`));
    const [confirmation] = await t.db
      .select({ supersede_key: outbox.supersede_key, supersede_rank: outbox.supersede_rank })
      .from(outbox)
      .where(and(like(outbox.idempotency_key, 'rsvp:%'), eq(outbox.supersede_key, queued!.supersede_key!)));
    // The same key as the guest's confirmations, at the answer's revision: the next change (a decline) outranks it.
    expect(queued).toEqual(confirmation);
    expect((await changeAnswer(t, e.id, guest, { status: 'declined' })).status).toBe(200);
    await createOutboxStore({ db: t.db, leaseMs: 60_000, log: t.deps.log }).sweep();
    // The e-mail and the SMS alike.
    const queued2 = await t.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(like(outbox.idempotency_key, `reminder%:${e.id}:%`));
    expect(queued2.map((r) => r.status)).toEqual(['superseded', 'superseded']);
  });

  it('a reminder still queued when the event begins is never delivered', async () => {
    const start = '2031-07-02T20:00:00.000Z';
    const e = await createEvent(t, owner, { event_date: start, reminder_minutes: [60] });
    await postRsvp(t, e.id, rsvpInput({ phone: '+14155550151' }));
    await sendDueReminders(t.deps, at(start, -HOUR));
    // As if the provider had been down until after the start: the queued copies carry the start as not_after.
    const mine = like(outbox.idempotency_key, `reminder%:${e.id}:%`);
    const rows = await t.db.select({ payload: outbox.payload }).from(outbox).where(mine);
    expect(rows.map((r) => (r.payload as { not_after?: string }).not_after)).toEqual([start, start]);
    await t.db
      .update(outbox)
      .set({ payload: sql`jsonb_set(${outbox.payload}, '{not_after}', '"2020-01-01T00:00:00.000Z"')` })
      .where(mine);
    const store = createOutboxStore({ db: t.db, leaseMs: 60_000, log: t.deps.log });
    const late: Claimed[] = [];
    const others: Claimed[] = [];
    for (let batch = await store.claim(); batch.length > 0 && late.length < 2; batch = await store.claim()) {
      for (const m of batch) (m.idempotency_key.includes(e.id) ? late : others).push(m);
    }
    await store.release(others);
    expect(late).toHaveLength(2);
    const channels = {
      get smtp(): never {
        throw new Error('a late reminder reached the mail channel');
      },
      twilio: undefined,
    } as unknown as Channels;
    for (const m of late) {
      const done = await deliverClaimed({ db: t.db, channels, log: t.deps.log, mark: async () => {} }, m, 30_000);
      expect(done.outcome).toBe('dead');
    }
    const after = await t.db.select({ status: outbox.status, error: outbox.last_error }).from(outbox).where(mine);
    expect(after).toEqual([
      { status: 'dead', error: TOO_LATE },
      { status: 'dead', error: TOO_LATE },
    ]);
  });

  it('switching the event off or deleting it drops its queued reminders', async () => {
    const start = '2031-07-03T20:00:00.000Z';
    const off = await createEvent(t, owner, { event_date: start, reminder_minutes: [60] });
    const gone = await createEvent(t, owner, { event_date: start, reminder_minutes: [60] });
    for (const e of [off, gone]) await postRsvp(t, e.id, rsvpInput());
    await sendDueReminders(t.deps, at(start, -HOUR));
    expect((await patch(off.id, { is_active: false })).status).toBe(200);
    expect((await t.request(`/api/events/${gone.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    for (const e of [off, gone]) {
      const rows = await t.db
        .select({ status: outbox.status })
        .from(outbox)
        .where(like(outbox.idempotency_key, `reminder:${e.id}:%`));
      expect(rows.map((r) => r.status)).toEqual(['superseded']);
    }
  });

  it('guests without an e-mail get the text only; an unpaid checkout gets nothing', async () => {
    const start = '2031-07-04T20:00:00.000Z';
    const e = await createEvent(t, owner, { event_date: start, reminder_minutes: [60] });
    await insertImportedRsvp(t, e.id, { email: null, phone: '+14155550160', legacy_qr: false });
    await insertImportedRsvp(t, e.id, { phone: '+14155550161', legacy_qr: false, payment_status: 'pending' });
    expect(await sendDueReminders(t.deps, at(start, -HOUR))).toEqual([{ eventId: e.id, minutesBefore: 60, emails: 0, texts: 1 }]);
    expect((await messages(e.id)).texts.map((m) => m.to)).toEqual(['+14155550160']);
  });

  it('whole days follow the local calendar across a daylight-saving change; hours are real hours', async () => {
    // US clocks go forward on Sunday 9 March 2031: 7 PM that day is 23 hours after 7 PM the day before.
    const start = '2031-03-10T00:00:00.000Z'; // 7 PM CDT on 9 March
    const e = await createEvent(t, owner, { event_date: start, timezone: 'America/Chicago', reminder_minutes: [1440, 180] });
    expect(e.reminders.map((r) => [r.minutes_before, r.due_at])).toEqual([
      [1440, '2031-03-09T01:00:00.000Z'], // 7 PM CST on 8 March
      [180, '2031-03-09T21:00:00.000Z'], // 4 PM CDT
    ]);
    await postRsvp(t, e.id, rsvpInput());
    expect(await sendDueReminders(t.deps, at('2031-03-09T01:00:00.000Z', -1000))).toEqual([]);
    expect(await sendDueReminders(t.deps, at('2031-03-09T01:00:00.000Z'))).toMatchObject([{ minutesBefore: 1440 }]);
    expect(await sendDueReminders(t.deps, at('2031-03-09T21:00:00.000Z', -1000))).toEqual([]);
    expect(await sendDueReminders(t.deps, at('2031-03-09T21:00:00.000Z'))).toMatchObject([{ minutesBefore: 180 }]);
    // And back on Sunday 2 November 2031: 7 PM that day is 25 hours after 7 PM the day before.
    const fall = await createEvent(t, owner, {
      event_date: '2031-11-03T01:00:00.000Z',
      timezone: 'America/Chicago',
      reminder_minutes: [1440],
    });
    expect(fall.reminders[0]!.due_at).toBe('2031-11-02T00:00:00.000Z');
  });

  it('after downtime only the latest due reminder goes, and none once the event has begun', async () => {
    const start = '2031-08-01T18:00:00.000Z';
    const e = await createEvent(t, owner, { event_date: start });
    await postRsvp(t, e.id, rsvpInput());
    // Down from before the 1-day reminder until 30 minutes before the start: the 2-hour one goes, alone.
    expect(await sendDueReminders(t.deps, at(start, -30 * MIN))).toMatchObject([{ minutesBefore: 120, emails: 1 }]);
    expect((await reminders(e.id)).map((r) => r.status)).toEqual(['skipped', 'sent']);
    expect((await messages(e.id)).emails).toHaveLength(1);

    const late = await createEvent(t, owner, { event_date: start, title: 'Came back late' });
    await postRsvp(t, late.id, rsvpInput());
    expect(await sendDueReminders(t.deps, at(start, MIN))).toEqual([]);
    expect((await messages(late.id)).emails).toEqual([]);
  });

  it("editing the event's time moves pending reminders; one added after its time is skipped, not sent", async () => {
    const start = '2031-09-01T18:00:00.000Z';
    const e = await createEvent(t, owner, { event_date: start, reminder_minutes: [1440] });
    await postRsvp(t, e.id, rsvpInput());
    const moved = '2031-09-03T18:00:00.000Z';
    expect((await patch(e.id, { event_date: moved })).status).toBe(200);
    expect((await reminders(e.id))[0]!.due_at).toBe('2031-09-02T18:00:00.000Z');
    expect(await sendDueReminders(t.deps, at(start, -1440 * MIN))).toEqual([]);
    expect(await sendDueReminders(t.deps, at(moved, -1440 * MIN))).toMatchObject([{ minutesBefore: 1440 }]);

    // Postponed again after it went: the reminder is pending for the new start and goes once more, with the new
    // time; what was still queued for the old start is dropped.
    const later = '2031-09-10T18:00:00.000Z';
    expect((await patch(e.id, { event_date: later })).status).toBe(200);
    expect((await reminders(e.id))[0]).toMatchObject({ status: 'pending', due_at: '2031-09-09T18:00:00.000Z' });
    const old = await t.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(like(outbox.idempotency_key, `reminder:${e.id}:%`));
    expect(old.map((r) => r.status)).toEqual(['superseded']);
    expect(await sendDueReminders(t.deps, at(later, -1440 * MIN))).toMatchObject([{ minutesBefore: 1440, emails: 1 }]);
    expect((await messages(e.id)).emails.map((m) => m.text.includes('September 10, 2031'))).toEqual([false, true]);

    // Brought forward so that "1 day before" has passed: skipped, not sent at once.
    const near = await createEvent(t, owner, { event_date: new Date(Date.now() + 30 * HOUR).toISOString(), reminder_minutes: [1440] });
    expect(near.reminders[0]!.status).toBe('pending');
    const res0 = await patch(near.id, { event_date: new Date(Date.now() + 3 * HOUR).toISOString() });
    expect((await res0.json()).event.reminders[0].status).toBe('skipped');

    // Three hours before an event, "1 day before" is already past: stored as skipped; "2 hours" is pending.
    const soon = new Date(Date.now() + 3 * HOUR).toISOString();
    const s = await createEvent(t, owner, { event_date: soon, reminder_minutes: [] });
    expect(s.reminders).toEqual([]);
    const res = await patch(s.id, { reminder_minutes: [120, 1440] });
    expect((await res.json()).event.reminders.map((r: { status: string }) => r.status)).toEqual(['skipped', 'pending']);
    await postRsvp(t, s.id, rsvpInput());
    expect(await sendDueReminders(t.deps, new Date(Date.now() + MIN))).toEqual([]);
  });

  it('several processes running at once queue each guest once', async () => {
    const start = '2031-10-01T18:00:00.000Z';
    const e = await createEvent(t, owner, { event_date: start, reminder_minutes: [60] });
    for (let i = 0; i < 20; i++) await postRsvp(t, e.id, rsvpInput({ phone: `+1415555${String(200 + i).padStart(4, '0')}` }));
    await t.db.insert(sms_opt_outs).values({ phone: '+14155550200' });
    const runs = (await Promise.all([1, 2, 3, 4].map(() => sendDueReminders(t.deps, at(start, -HOUR))))).flat();
    expect(runs.filter((r) => r.eventId === e.id)).toEqual([{ eventId: e.id, minutesBefore: 60, emails: 20, texts: 19 }]);
    const { emails, texts } = await messages(e.id);
    expect(new Set(emails.map((m) => m.to)).size).toBe(20);
    expect(emails).toHaveLength(20);
    expect(texts).toHaveLength(19);
    const skipped = await t.db
      .select({ to: sms_messages.to, skipped: sms_messages.skipped })
      .from(sms_messages)
      .where(and(eq(sms_messages.event_id, e.id), isNotNull(sms_messages.skipped)));
    expect(skipped).toEqual([{ to: '+14155550200', skipped: 'opted-out' }]);
    expect(await t.db.select().from(event_reminder_runs).where(eq(event_reminder_runs.event_id, e.id))).toHaveLength(1);
  });

  it('a guest list longer than one chunk is queued whole, every guest once', async () => {
    const start = '2031-10-02T18:00:00.000Z';
    const e = await createEvent(t, owner, { event_date: start, reminder_minutes: [60] });
    await t.db.execute(sql`insert into ${event_rsvps} (event_id, name, email, status)
      select ${e.id}, 'Guest ' || i, 'big' || i || '@example.com', case when i % 3 = 0 then 'maybe' else 'confirmed' end
      from generate_series(1, 2500) as i`);
    expect(await sendDueReminders(t.deps, at(start, -HOUR))).toEqual([{ eventId: e.id, minutesBefore: 60, emails: 2500, texts: 0 }]);
    const [n] = await t.db
      .select({ all: sql<number>`count(*)::int`, guests: sql<number>`count(distinct ${outbox.payload}->>'to')::int` })
      .from(outbox)
      .where(like(outbox.idempotency_key, `reminder:${e.id}:%`));
    expect(n).toEqual({ all: 2500, guests: 2500 });
  });

  it("one event's failing run holds up no other event's reminders, and is retried", async () => {
    const start = '2031-10-03T18:00:00.000Z';
    const failing = await createEvent(t, owner, { event_date: start, reminder_minutes: [60], title: 'Failing party' });
    const fine = await createEvent(t, owner, { event_date: '2031-10-03T19:00:00.000Z', reminder_minutes: [120] });
    for (const e of [failing, fine]) await postRsvp(t, e.id, rsvpInput());
    // The failing event is the sooner, so it is tried first; its messages break a constraint added for the test.
    await t.db.execute(
      sql.raw(`ALTER TABLE outbox ADD CONSTRAINT test_refuse CHECK (idempotency_key NOT LIKE 'reminder:${failing.id}:%') NOT VALID`),
    );
    try {
      expect(await sendDueReminders(t.deps, at(start, -HOUR))).toEqual([{ eventId: fine.id, minutesBefore: 120, emails: 1, texts: 0 }]);
      expect((await reminders(failing.id))[0]!.status).toBe('pending');
    } finally {
      await t.db.execute(sql.raw('ALTER TABLE outbox DROP CONSTRAINT test_refuse'));
    }
    expect(await sendDueReminders(t.deps, at(start, -HOUR + MIN))).toEqual([
      { eventId: failing.id, minutesBefore: 60, emails: 1, texts: 0 },
    ]);
  });

  it('bad reminder lists and choices are refused naming the field', async () => {
    const e = await createEvent(t, owner);
    for (const bad of [[5], [60, 60], [1, 2, 3, 4, 5, 6].map((n) => n * 60), [31 * 1440], 'daily']) {
      const res = await patch(e.id, { reminder_minutes: bad });
      expect(res.status).toBe(400);
      // The list, or the one entry that is wrong ("reminder_minutes.0").
      expect(Object.keys((await res.json()).error.fields)).toEqual([expect.stringMatching(/^reminder_minutes(\.\d)?$/)]);
    }
    const guest = rsvpInput();
    await postRsvp(t, e.id, guest);
    const secret = await manageSecretOf(t, e.id, guest.email);
    const res = await t.request(`/api/public/rsvps/${secret}/reminders`, { method: 'PUT', json: { reminders: 'maybe' } });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fields)).toEqual(['reminders']);
    const unknown = await t.request(`/api/public/rsvps/${'x'.repeat(24)}/reminders`, { method: 'PUT', json: { reminders: 'off' } });
    expect(unknown.status).toBe(404);
    // The manage page says whether they are on; an event without reminders says nothing.
    const read = async (s: string) => (await (await t.request(`/api/public/rsvps/${s}`)).json()).rsvp.reminders;
    expect(await read(secret)).toBe('on');
    const none = await createEvent(t, owner, { reminder_minutes: [] });
    const other = rsvpInput();
    await postRsvp(t, none.id, other);
    expect(await read(await manageSecretOf(t, none.id, other.email))).toBeNull();
  });
});
