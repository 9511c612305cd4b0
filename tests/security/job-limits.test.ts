/**
 * Issue 29, item 5: every costly host action is limited (docs/product.md#limits-and-constants). Before,
 * 12 + 12 parallel send-tickets and forced qr-backfill jobs sent 336 e-mails to 14 guests and rotated
 * every ticket 12 times in 30 s. Now a second identical job while one is queued or running answers 409
 * `job_running` naming the running job (fields.job_id), and starts are limited per account and per
 * event (JOB_STARTS_PER_ACCOUNT / JOB_STARTS_PER_EVENT per 10 minutes): 429 with Retry-After. Bulk SMS
 * jobs share the one limit (jobs/start-job.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOB_STARTS_PER_ACCOUNT, JOB_STARTS_PER_EVENT } from '../../src/common/constants.ts';
import { JOB_ALREADY_RUNNING } from '../../src/common/messages.ts';
import { jobs } from '../../src/server/db/schema/guests.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { drainJobs } from '../../src/server/modules/jobs/run-jobs.ts';
import { createEvent } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ LOG_LEVEL: 'error' });
type Who = { id: string; email: string; cookie: string };
// Sign-ins are limited per client address too (10 a minute): the tests share these accounts, each
// test spending the shares of its own.
const user = (): Promise<Who> => signedInUser(t);
const [ada, bo, cy, di, ed, flo, gus] = await Promise.all([user(), user(), user(), user(), user(), user(), user()]);

const addHost = async (owner: Who, eventId: string, who: Who) =>
  expect(
    (await t.request(`/api/events/${eventId}/hosts`, { method: 'POST', json: { email: who.email }, cookie: owner.cookie })).status,
  ).toBe(201);

/** An event of `owner` (with `cohost` on its team) and `n` confirmed guests with a ticket, an e-mail and a phone. */
async function eventWithGuests(owner: Who, cohost?: Who, n = 3) {
  const e = await createEvent(t, owner);
  if (cohost) await addHost(owner, e.id, cohost);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await postRsvp(t, e.id, rsvpInput({ phone: `+1415555${String(i).padStart(4, '0')}` }));
    expect(res.status).toBe(201);
    ids.push(res.body.rsvp.id);
  }
  return { e, ids };
}

const sendTickets = (who: Who, eventId: string, json: unknown) =>
  t.request(`/api/events/${eventId}/rsvps/send-tickets`, { method: 'POST', json, cookie: who.cookie });
const backfill = (who: Who, json: unknown) => t.request('/api/qr-backfill', { method: 'POST', json, cookie: who.cookie });

async function expectRateLimited(res: Response) {
  expect(res.status, await res.clone().text()).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await res.json()).error.code).toBe('rate_limited');
}

describe('one identical job at a time: 409 naming the running job', () => {
  it('12 parallel send-tickets to every guest: one job starts, 11 are told which job runs; one e-mail a guest', async () => {
    const owner = ada;
    const { e, ids } = await eventWithGuests(owner);
    const answers = await Promise.all(Array.from({ length: 12 }, () => sendTickets(owner, e.id, { filter: {} })));
    const started = answers.filter((r) => r.status === 202);
    expect(started).toHaveLength(1);
    const job = (await started[0]!.json()).job;
    // The others take turns and each finds it: 409 naming the job (they spend none of the limits).
    const refused = answers.filter((a) => a.status !== 202);
    expect(refused.map((r) => r.status)).toEqual(Array(11).fill(409));
    for (const r of refused) {
      expect((await r.json()).error).toEqual({
        code: 'job_running',
        message: JOB_ALREADY_RUNNING['send-tickets'],
        fields: { job_id: job.id },
      });
    }
    await drainJobs(t.deps);
    const sent = await t.db
      .select({ key: outbox.idempotency_key })
      .from(outbox)
      .where(sql`${outbox.idempotency_key} like ${`job:${job.id}:%`}`);
    expect(sent).toHaveLength(ids.length);
    expect(await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.event_id, e.id))).toHaveLength(1);
    // Once it has ended, the same job may be started again; another selection never waited.
    expect((await sendTickets(owner, e.id, { filter: {} })).status).toBe(202);
    expect((await sendTickets(owner, e.id, { ids: [ids[0]] })).status).toBe(202);
    // The same selection in another order is the same job.
    expect((await sendTickets(owner, e.id, { ids: [ids[1], ids[0]] })).status).toBe(202);
    expect((await sendTickets(owner, e.id, { ids: [ids[0], ids[1], ids[0]] })).status).toBe(409);
    await drainJobs(t.deps);
  });

  it('12 parallel forced backfills of one event: its tickets are rotated once, not 12 times', async () => {
    const owner = ada;
    const { e, ids } = await eventWithGuests(owner);
    const answers = await Promise.all(Array.from({ length: 12 }, () => backfill(owner, { eventId: e.id, force: true })));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(1);
    const running = (await answers.find((r) => r.status === 202)!.json()).job.id;
    const refused = answers.filter((r) => r.status !== 202);
    expect(refused.map((r) => r.status)).toEqual(Array(11).fill(409));
    for (const r of refused) {
      expect((await r.json()).error).toEqual({
        code: 'job_running',
        message: JOB_ALREADY_RUNNING['qr-backfill'],
        fields: { job_id: running },
      });
    }
    await drainJobs(t.deps);
    const versions = await t.db.select({ v: event_rsvps.qr_version }).from(event_rsvps).where(eq(event_rsvps.event_id, e.id));
    expect(versions).toHaveLength(ids.length);
    // Each ticket was rotated once (its first version, then one more), not 12 times.
    expect(versions.map((r) => r.v)).toEqual(ids.map(() => 2));
  });
});

describe('starts are limited per account and per event: 429 with Retry-After', () => {
  it(`send-tickets: ${JOB_STARTS_PER_EVENT} a window on one event from all its hosts; ${JOB_STARTS_PER_ACCOUNT} per account`, async () => {
    const [owner, cohost] = [bo, cy];
    const { e, ids } = await eventWithGuests(owner, cohost, 2);
    for (let i = 0; i < JOB_STARTS_PER_EVENT; i++) {
      const res = await sendTickets(owner, e.id, { ids: [ids[i % 2]] });
      expect(res.status, await res.clone().text()).toBe(202);
      await drainJobs(t.deps);
    }
    await expectRateLimited(await sendTickets(owner, e.id, { ids: [ids[0]] }));
    // The co-host has started nothing, but the event has had its share.
    await expectRateLimited(await sendTickets(cohost, e.id, { ids: [ids[0]] }));
    // The owner's own share is spent too, on any event; the co-host's is not.
    const other = await eventWithGuests(owner, cohost, 1);
    await expectRateLimited(await sendTickets(owner, other.e.id, { ids: other.ids }));
    expect((await sendTickets(cohost, other.e.id, { ids: other.ids })).status).toBe(202);
    await drainJobs(t.deps);
  });

  it('qr-backfill: limited the same way; a backfill over every event spends each event it covers', async () => {
    const owner = di;
    const { e } = await eventWithGuests(owner, undefined, 1);
    for (let i = 0; i < JOB_STARTS_PER_ACCOUNT; i++) {
      const res = await backfill(owner, { eventId: e.id, force: true, limit: 100 + i });
      expect(res.status, await res.clone().text()).toBe(202);
    }
    await expectRateLimited(await backfill(owner, { eventId: e.id, force: true }));
    await expectRateLimited(await backfill(owner, { force: true }));
    await drainJobs(t.deps);

    const [cohost, someone] = [ed, flo];
    const shared = await eventWithGuests(owner, cohost, 1);
    await addHost(owner, shared.e.id, someone);
    for (let i = 0; i < JOB_STARTS_PER_EVENT; i++) {
      const res = await backfill(cohost, { limit: 100 + i }); // every event the co-host manages: just the shared one
      expect(res.status, await res.clone().text()).toBe(202);
    }
    await drainJobs(t.deps);
    await expectRateLimited(await backfill(someone, { eventId: shared.e.id }));
  });

  it("a stranger's refused requests spend nothing of the event's share", async () => {
    const [owner, stranger] = [ada, gus];
    const { e, ids } = await eventWithGuests(owner, undefined, 1);
    for (let i = 0; i < JOB_STARTS_PER_EVENT + 2; i++) {
      expect((await sendTickets(stranger, e.id, { ids })).status).toBe(404);
      expect((await backfill(stranger, { eventId: e.id })).status).toBe(404);
    }
    expect((await sendTickets(owner, e.id, { ids })).status).toBe(202);
    expect((await backfill(owner, { eventId: e.id })).status).toBe(202);
    await drainJobs(t.deps);
  });

  it('bulk SMS jobs: the same per-event limit across co-hosts', async () => {
    const [owner, cohost] = [ada, cy];
    const { e, ids } = await eventWithGuests(owner, cohost, 1);
    const sms = (who: Who) =>
      t.request(`/api/events/${e.id}/sms-jobs`, { method: 'POST', json: { rsvp_ids: ids, message: 'Doors at 7' }, cookie: who.cookie });
    for (let i = 0; i < JOB_STARTS_PER_EVENT; i++) expect((await sms(owner)).status).toBe(202);
    await expectRateLimited(await sms(cohost));
  });
});
