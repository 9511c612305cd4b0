import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZJobAnswer } from '../../src/common/schemas/guests.responses.ts';
import { jobs } from '../../src/server/db/schema/guests.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps, rsvp_pins } from '../../src/server/db/schema/rsvps.ts';
import { drainJobs } from '../../src/server/modules/jobs/run-jobs.ts';
import { SEND_BATCH } from '../../src/server/modules/jobs/send-tickets-job.ts';
import { verifyTicket } from '../../src/server/modules/tickets/verify-ticket.ts';
import { createEvent } from '../factories/events.ts';
import { seedGuests } from '../factories/guests.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
const owner = await signedInUser(t);
const cohost = await signedInUser(t);
const stranger = await signedInUser(t);

async function newEvent() {
  const e = await createEvent(t, owner);
  await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: owner.cookie });
  return e;
}
async function job(id: string, who = owner) {
  const res = await t.request(`/api/jobs/${id}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return ZJobAnswer.parse(await res.json()).job;
}
const keysLike = async (pattern: string) =>
  (
    await t.db.select({ key: outbox.idempotency_key, payload: outbox.payload }).from(outbox).where(like(outbox.idempotency_key, pattern))
  ).map((r) => ({ key: r.key, to: (r.payload as EmailPayload).to }));

describe('bulk "Email QR": a server job through the outbox', () => {
  it('a selection: each confirmed guest gets one e-mail, the others are counted as skipped; progress is kept', async () => {
    const e = await newEvent();
    const ids: string[] = [];
    for (const status of ['confirmed', 'confirmed', 'maybe']) {
      ids.push((await postRsvp(t, e.id, rsvpInput({ status }))).body.rsvp.id);
    }
    const res = await t.request(`/api/events/${e.id}/rsvps/send-tickets`, { method: 'POST', json: { ids }, cookie: cohost.cookie });
    expect(res.status).toBe(202);
    const created = ZJobAnswer.parse(await res.json()).job;
    expect(created).toMatchObject({ kind: 'send-tickets', status: 'queued', total: 3, done: 0, event_id: e.id });
    expect(await drainJobs(t.deps)).toBe(1);
    expect(await job(created.id, cohost)).toMatchObject({
      status: 'done',
      total: 3,
      done: 3,
      failed: 1,
      result: { queued: 2, skipped: 1, email_delivery: 'dev_mailbox' }, // no SMTP_URL here: the toast must not say "on the way"
    });
    expect(await keysLike(`job:${created.id}:%`)).toHaveLength(2);
    // The creator only.
    expect((await t.request(`/api/jobs/${created.id}`, { cookie: owner.cookie })).status).toBe(404);
  });

  it('a filter over 1,000 guests: batches, one e-mail per recipient, a resumed job never sends twice', async () => {
    const e = await newEvent();
    await seedGuests(t, e.id, 1000);
    const res = await t.request(`/api/events/${e.id}/rsvps/send-tickets`, {
      method: 'POST',
      json: { filter: { status: 'confirmed' } },
      cookie: owner.cookie,
    });
    const { id, total } = ZJobAnswer.parse(await res.json()).job;
    expect(total).toBe(333);
    // A worker that stops after the first batch: the job stays running, its progress kept.
    const stop = new AbortController();
    const partial = drainJobs(t.deps, { signal: stop.signal });
    await expect.poll(async () => (await job(id)).done, { timeout: 5000 }).toBeGreaterThanOrEqual(SEND_BATCH);
    stop.abort();
    await partial;
    const mid = await job(id);
    expect(mid.status).toBe('running');
    // Its lease runs out (a crashed worker): the next worker resumes after the last committed batch.
    await t.db.update(jobs).set({ locked_until: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
    await drainJobs(t.deps);
    expect(await job(id)).toMatchObject({ status: 'done', done: 333, failed: 0, result: { queued: 333, skipped: 0 } });
    const sent = await keysLike(`job:${id}:%`);
    expect(sent).toHaveLength(333);
    expect(new Set(sent.map((s) => s.to)).size).toBe(333);
  });

  it('refuses an empty selection, both ids and filter, and other people’s events', async () => {
    const e = await newEvent();
    const send = (json: unknown, who = owner) =>
      t.request(`/api/events/${e.id}/rsvps/send-tickets`, { method: 'POST', json, cookie: who.cookie });
    const empty = await send({ ids: [] });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.fields).toEqual({ ids: 'No recipients selected' });
    expect((await send({ ids: [crypto.randomUUID()], filter: {} })).status).toBe(400);
    expect((await send({ ids: ['not-a-uuid'] })).status).toBe(400);
    expect((await send({ filter: {} }, stranger)).status).toBe(404);
  });
});

describe('Backfill QR codes', () => {
  it('fills missing QR codes within the limit, dry run changes nothing, reports processed and updated', async () => {
    const e = await newEvent();
    await seedGuests(t, e.id, 30); // 10 confirmed, with placeholder tokens
    // Guests imported without a QR: the codes are missing.
    await t.db.update(event_rsvps).set({ qr_code_data: null, qr_code_image_url: null }).where(eq(event_rsvps.event_id, e.id));
    const start = async (json: unknown, who = owner) => {
      const res = await t.request('/api/qr-backfill', { method: 'POST', json, cookie: who.cookie });
      expect(res.status, await res.clone().text()).toBe(202);
      return ZJobAnswer.parse(await res.json()).job;
    };
    const dry = await start({ eventId: e.id, dryRun: true });
    await drainJobs(t.deps);
    expect(await job(dry.id)).toMatchObject({ status: 'done', total: 10, result: { processed: 10, updated: 10, dry_run: true } });
    const missing = () =>
      t.db
        .select({ id: event_rsvps.id })
        .from(event_rsvps)
        .where(and(eq(event_rsvps.event_id, e.id), eq(event_rsvps.status, 'confirmed'), isNull(event_rsvps.qr_code_data)));
    expect(await missing()).toHaveLength(10);

    const limited = await start({ eventId: e.id, limit: 4 });
    await drainJobs(t.deps);
    expect(await job(limited.id)).toMatchObject({ total: 4, done: 4, result: { processed: 4, updated: 4, dry_run: false } });
    expect(await missing()).toHaveLength(6);

    const rest = await start({ eventId: e.id }, cohost);
    await drainJobs(t.deps);
    expect((await job(rest.id, cohost)).result).toMatchObject({ processed: 10, updated: 6 });
    expect(await missing()).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, e.id), eq(event_rsvps.status, 'confirmed')))
      .limit(1);
    expect(await verifyTicket({ db: t.db, signingKey: t.env.TICKET_SIGNING_KEY, token: row!.qr_code_data! })).toMatchObject({
      rsvpId: row!.id,
    });
    expect(await t.db.select().from(rsvp_pins).where(eq(rsvp_pins.rsvp_id, row!.id))).toHaveLength(1);
  });

  it('force rotates every ticket and e-mails each guest the new one; all my events without an event id', async () => {
    const a = await newEvent();
    const b = await newEvent();
    const guests = [];
    for (const e of [a, b]) guests.push((await postRsvp(t, e.id, rsvpInput())).body.rsvp.id as string);
    const before = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, guests[0]!));
    const res = await t.request('/api/qr-backfill', { method: 'POST', json: { force: true }, cookie: owner.cookie });
    const { id } = ZJobAnswer.parse(await res.json()).job;
    await drainJobs(t.deps);
    const done = await job(id);
    expect(done.result).toMatchObject({ processed: done.total, updated: done.total });
    for (const g of guests) expect(await keysLike(`ticket:${g}:v2`)).toHaveLength(1);
    expect(await verifyTicket({ db: t.db, signingKey: t.env.TICKET_SIGNING_KEY, token: before[0]!.qr_code_data! })).toBeNull();
  });

  it('validates its input and another host’s event is 404', async () => {
    const e = await newEvent();
    for (const [json, field] of [
      [{ limit: 0 }, 'limit'],
      [{ dryRun: 'yes' }, 'dryRun'],
      [{ eventId: 'x' }, 'eventId'],
    ] as const) {
      const res = await t.request('/api/qr-backfill', { method: 'POST', json, cookie: owner.cookie });
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()).error.fields)).toEqual([field]);
    }
    const res = await t.request('/api/qr-backfill', { method: 'POST', json: { eventId: e.id }, cookie: stranger.cookie });
    expect(res.status).toBe(404);
    expect((await t.request(`/api/jobs/${crypto.randomUUID()}`, { cookie: owner.cookie })).status).toBe(404);
  });
});
