import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SMS_SANDBOX_OWNER_ONLY } from '../../src/common/messages.ts';
import { ZGuestList, ZJobAnswer } from '../../src/common/schemas/guests.responses.ts';
import { ZSendSmsResult, ZSmsJobProgress, ZSmsSent } from '../../src/common/schemas/sms.ts';
import { jobs } from '../../src/server/db/schema/guests.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { sms_opt_outs } from '../../src/server/db/schema/sms.ts';
import { drainJobs } from '../../src/server/modules/jobs/run-jobs.ts';
import { Channels } from '../../src/server/integrations/channels.ts';
import { enqueueSms } from '../../src/server/domain/enqueue.ts';
import { drainOutbox } from '../../src/server/modules/outbox/worker.ts';
import { createEvent } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';
import { FAKE_TWILIO, startFakeTwilio } from '../support/fake-twilio.ts';
import { freePort } from '../support/free-port.ts';

const BAD = '+14155550100';
const STOPPED = '+14155550199';
/** Twilio takes the text and its answer never comes back. */
const HUNG = '+14155550188';
/** Twilio answers 503 (busy): it did not take the text. */
const BUSY = '+14155550177';
/** Twilio counts this text over its 1600 characters (error 21617). */
const TOO_LONG = '+14155550155';
let busy = true;
const twilio = await startFakeTwilio((sms) => {
  if (sms.to === HUNG) return 'hang';
  if (sms.to === TOO_LONG) return { status: 400, code: 21617, message: 'The concatenated message body exceeds the 1600 character limit' };
  if (sms.to === BUSY && busy) return { status: 503, code: 20503, message: 'Service Unavailable' };
  if (sms.to === BAD) return { status: 400, code: 21211, message: "The 'To' number +14155550100 is not a valid phone number." };
  if (sms.to === STOPPED) return { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' };
  return undefined;
});
const t = await createTestApp({
  RATE_LIMIT: 'false',
  LOG_LEVEL: 'error',
  TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
  TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
  TWILIO_FROM: FAKE_TWILIO.from,
  TWILIO_API_BASE_URL: twilio.url,
});
afterAll(() => twilio.close());

const owner = await signedInUser(t);
const cohost = await signedInUser(t);
const stranger = await signedInUser(t);
const instanceOwner = await signedInUser(t, { role: 'admin' });

async function newEvent() {
  const e = await createEvent(t, owner, { title: 'Garden Party' });
  await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: owner.cookie });
  return e;
}
const guest = async (eventId: string, phone?: string, status = 'confirmed') =>
  (await postRsvp(t, eventId, rsvpInput({ status, ...(phone ? { phone } : {}) }))).body.rsvp.id as string;
const received = (to: string) => twilio.received.filter((m) => m.to === to);
async function progress(id: string, who = owner) {
  const res = await t.request(`/api/sms-jobs/${id}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return ZSmsJobProgress.parse(await res.json());
}
async function rows(eventId: string) {
  const res = await t.request(`/api/events/${eventId}/rsvps`, { cookie: owner.cookie });
  return ZGuestList.parse(await res.json()).rows;
}

describe('phone numbers are stored E.164 (docs/product.md#phone-numbers)', () => {
  it('normalises what the guest typed, keeps a typed country code, refuses what cannot be a number', async () => {
    const e = await newEvent();
    const ok = await postRsvp(t, e.id, rsvpInput({ phone: '(415) 555-0123' }));
    expect(ok.status).toBe(201);
    const uk = await postRsvp(t, e.id, rsvpInput({ phone: '+44 20 7183 8750' }));
    expect(uk.status).toBe(201);
    const phones = (await rows(e.id)).map((r) => r.phone).sort();
    expect(phones).toEqual(['+14155550123', '+442071838750']);
    for (const phone of ['abc', '555', '+1 415 555 01234567']) {
      const bad = await postRsvp(t, e.id, rsvpInput({ phone }));
      expect(bad.status, phone).toBe(400);
      expect(bad.body.error.fields).toEqual({ phone: 'Please enter a valid phone number.' });
    }
    // Possible by length but not by the plan (libphonenumber-js, server side): +1 then 11 digits.
    const long = await postRsvp(t, e.id, rsvpInput({ phone: '1 415 555 01234' }));
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ phone: 'Please enter a valid phone number.' });
  });
});

describe('a ticket SMS from the guest list (docs/product.md#sms)', () => {
  it("texts the event name and the ticket's short link; the row shows queued, then sent", async () => {
    const e = await newEvent();
    const id = await guest(e.id, '415 555 0101');
    const res = await t.request(`/api/events/${e.id}/rsvps/${id}/sms`, { method: 'POST', cookie: cohost.cookie });
    expect(res.status).toBe(200);
    const sent = ZSmsSent.parse(await res.json());
    expect(sent).toMatchObject({ queued: true, channel: 'twilio', to: '+14155550101', delivery: { status: 'queued', error: null } });
    expect((await rows(e.id))[0]!.sms).toMatchObject({ status: 'queued' });
    await drainOutbox(t.deps);
    const [sms] = received('+14155550101');
    expect(sms!.body).toMatch(new RegExp(`^Your ticket for Garden Party: ${t.env.PUBLIC_BASE_URL}/s/\\w+$`));
    expect((await rows(e.id))[0]!.sms).toMatchObject({ status: 'sent', error: null });
    // A double click within the minute texts once, and its answer says nothing was queued (not "sent").
    const again = await t.request(`/api/events/${e.id}/rsvps/${id}/sms`, { method: 'POST', cookie: cohost.cookie });
    expect(ZSmsSent.parse(await again.json())).toMatchObject({ queued: false, delivery: { status: 'sent' } });
    await drainOutbox(t.deps);
    expect(received('+14155550101')).toHaveLength(1);
  });

  it("a refused number shows failed with Twilio's reason; no phone or no ticket is a 409; strangers get 404", async () => {
    const e = await newEvent();
    const bad = await guest(e.id, BAD);
    await t.request(`/api/events/${e.id}/rsvps/${bad}/sms`, { method: 'POST', cookie: owner.cookie });
    await drainOutbox(t.deps);
    expect((await rows(e.id))[0]!.sms).toMatchObject({
      status: 'failed',
      error: "Twilio 21211: The 'To' number +14155550100 is not a valid phone number.",
    });
    const noPhone = await guest(e.id);
    const r1 = await t.request(`/api/events/${e.id}/rsvps/${noPhone}/sms`, { method: 'POST', cookie: owner.cookie });
    expect(r1.status).toBe(409);
    expect(await r1.json()).toMatchObject({ error: { message: 'This guest has no phone number.', fields: { phone: 'No Phone Number' } } });
    const maybe = await guest(e.id, '415 555 0102', 'maybe');
    const r2 = await t.request(`/api/events/${e.id}/rsvps/${maybe}/sms`, { method: 'POST', cookie: owner.cookie });
    expect(r2.status).toBe(409);
    expect(await r2.json()).toMatchObject({ error: { message: 'Please generate a QR code first.' } });
    expect((await t.request(`/api/events/${e.id}/rsvps/${bad}/sms`, { method: 'POST', cookie: stranger.cookie })).status).toBe(404);
  });
});

describe('bulk SMS: a server job through the outbox (docs/product.md#messaging)', () => {
  it('5 a batch; only guests with a phone count; a failure is listed with its reason; an opted-out number is skipped from then on', async () => {
    const e = await newEvent();
    const ids = [
      await guest(e.id, '415 555 0111'),
      await guest(e.id, '415 555 0112'),
      await guest(e.id, BAD),
      await guest(e.id, STOPPED),
      await guest(e.id),
      await guest(e.id, '415 555 0113', 'maybe'),
      await guest(e.id, '415 555 0114'),
    ];
    const res = await t.request(`/api/events/${e.id}/sms-jobs`, {
      method: 'POST',
      json: { rsvp_ids: ids, message: 'Doors at 7!' },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(202);
    const { job } = ZJobAnswer.parse(await res.json());
    expect(job).toMatchObject({ kind: 'send-sms', total: 6, status: 'queued' });
    const started = Date.now();
    await drainJobs(t.deps);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000); // two batches, a 1 s pause between them
    // The guest without a phone is no recipient: not in the total, the progress or its skipped.
    expect(await progress(job.id)).toMatchObject({ status: 'done', total: 6, processed: 6, queued: 6, skipped: 0, complete: false });
    await drainOutbox(t.deps);
    const p = await progress(job.id);
    expect(p).toMatchObject({ status: 'done', sent: 4, kept: 0, failed: 2, skipped: 0, queued: 0, complete: true, channel: 'twilio' });
    expect(p.failures.map((f) => f.to).sort()).toEqual([BAD, STOPPED]);
    expect(p.failures.find((f) => f.to === STOPPED)!.reason).toBe('Twilio 21610: Attempt to send to unsubscribed recipient');
    expect(await t.db.select().from(sms_opt_outs).where(eq(sms_opt_outs.phone, STOPPED))).toHaveLength(1);
    // The next job skips the opted-out number without asking Twilio.
    const before = received(STOPPED).length;
    const again = ZJobAnswer.parse(
      await (
        await t.request(`/api/events/${e.id}/sms-jobs`, {
          method: 'POST',
          json: { rsvp_ids: [ids[3]], message: 'Hi' },
          cookie: owner.cookie,
        })
      ).json(),
    ).job;
    await drainJobs(t.deps);
    await drainOutbox(t.deps);
    expect(await progress(again.id)).toMatchObject({ sent: 0, failed: 0, skipped: 1, complete: true });
    expect(received(STOPPED).length).toBe(before);
    // The creator only.
    expect((await t.request(`/api/sms-jobs/${job.id}`, { cookie: cohost.cookie })).status).toBe(404);
  });

  it('a job batch redone after its lease ran out queues nobody twice (the key per job and recipient)', async () => {
    const e = await newEvent();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await guest(e.id, `415 555 02${String(i).padStart(2, '0')}`));
    const res = await t.request(`/api/events/${e.id}/sms-jobs`, {
      method: 'POST',
      json: { rsvp_ids: ids, message: 'Resume test' },
      cookie: owner.cookie,
    });
    const { job } = ZJobAnswer.parse(await res.json());
    const stop = new AbortController();
    const partial = drainJobs(t.deps, { signal: stop.signal });
    await expect.poll(async () => (await progress(job.id)).processed, { timeout: 5000 }).toBeGreaterThanOrEqual(5);
    stop.abort();
    await partial;
    expect((await progress(job.id)).status).toBe('running');
    // A worker told to stop hands the job's lease back: the next process resumes it at once.
    const [stopped] = await t.db.select({ lease: jobs.locked_until }).from(jobs).where(eq(jobs.id, job.id));
    expect(stopped!.lease).toBeNull();
    await drainOutbox(t.deps); // the first batch goes out meanwhile
    // As if a crashed worker's lease had run out after it queued a batch it never committed: the
    // redone batch's keys are already queued.
    await t.db.update(jobs).set({ cursor: null }).where(eq(jobs.id, job.id));
    await drainJobs(t.deps);
    await drainOutbox(t.deps);
    const body = twilio.received.filter((m) => m.body === 'Resume test');
    expect(body).toHaveLength(12);
    expect(new Set(body.map((m) => m.to)).size).toBe(12);
    expect(await progress(job.id)).toMatchObject({ sent: 12, complete: true });
  });

  it('cancel: what is not yet handed to Twilio is never sent, claimed by a worker or still waiting', async () => {
    const e = await newEvent();
    const ids = [await guest(e.id, '415 555 0301'), await guest(e.id, '415 555 0302')];
    const res = await t.request(`/api/events/${e.id}/sms-jobs`, {
      method: 'POST',
      json: { rsvp_ids: ids, message: 'Cancelled' },
      cookie: owner.cookie,
    });
    const { job } = ZJobAnswer.parse(await res.json());
    const stop = new AbortController();
    const partial = drainJobs(t.deps, { signal: stop.signal });
    await expect.poll(async () => (await progress(job.id)).processed, { timeout: 5000 }).toBe(2);
    stop.abort();
    await partial;
    await t.db.update(jobs).set({ status: 'running' }).where(eq(jobs.id, job.id));
    // One of the two is claimed by a worker (under its lease) that has not handed it over yet.
    const [claimed] = await t.db
      .select({ key: outbox.idempotency_key })
      .from(outbox)
      .where(sql`${outbox.idempotency_key} like ${`sms-job:${job.id}:%`}`)
      .limit(1);
    await t.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, next_attempt_at: sql`now() + interval '1 minute'` })
      .where(eq(outbox.idempotency_key, claimed!.key));
    const cancel = await t.request(`/api/sms-jobs/${job.id}/cancel`, { method: 'POST', cookie: owner.cookie });
    expect(cancel.status).toBe(200);
    expect(ZSmsJobProgress.parse(await cancel.json())).toMatchObject({ status: 'cancelled', skipped: 2, sent: 0, complete: true });
    await t.db.update(outbox).set({ next_attempt_at: sql`now()` }).where(eq(outbox.idempotency_key, claimed!.key));
    await drainOutbox(t.deps);
    expect(twilio.received.filter((m) => m.body === 'Cancelled')).toHaveLength(0);
  });

  it('by filter, leaving out the removed chips: every maybe but one', async () => {
    const e = await newEvent();
    const maybes = [await guest(e.id, '415 555 0601', 'maybe'), await guest(e.id, '415 555 0602', 'maybe')];
    await guest(e.id, '415 555 0603');
    const res = await t.request(`/api/events/${e.id}/sms-jobs`, {
      method: 'POST',
      json: { filter: { status: 'maybe' }, exclude_ids: [maybes[1]], message: 'Still thinking?' },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(202);
    const { job } = ZJobAnswer.parse(await res.json());
    expect(job.total).toBe(1);
    await drainJobs(t.deps);
    await drainOutbox(t.deps);
    expect(twilio.received.filter((m) => m.body === 'Still thinking?').map((m) => m.to)).toEqual(['+14155550601']);
    // Nobody matching: refused like an empty selection.
    const none = await t.request(`/api/events/${e.id}/sms-jobs`, {
      method: 'POST',
      json: { filter: { status: 'declined' }, message: 'x' },
      cookie: owner.cookie,
    });
    expect(none.status).toBe(400);
    expect((await none.json()).error.fields).toEqual({ rsvp_ids: 'No recipients selected' });
  });

  it('refuses an empty message, no recipients and more than 1600 characters', async () => {
    const e = await newEvent();
    const id = await guest(e.id, '415 555 0401');
    const post = (json: unknown) => t.request(`/api/events/${e.id}/sms-jobs`, { method: 'POST', json, cookie: owner.cookie });
    const empty = await post({ rsvp_ids: [id], message: '  ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.fields).toEqual({ message: 'Message cannot be empty' });
    const none = await post({ rsvp_ids: [], message: 'Hi' });
    expect((await none.json()).error.fields).toEqual({ rsvp_ids: 'No recipients selected' });
    const nobody = await post({ message: 'Hi' });
    expect((await nobody.json()).error.fields).toEqual({ rsvp_ids: 'No recipients selected' });
    // Only guests without a phone selected: nobody to text.
    const phoneless = await post({ rsvp_ids: [await guest(e.id)], message: 'Hi' });
    expect(phoneless.status).toBe(400);
    expect((await phoneless.json()).error.fields).toEqual({ rsvp_ids: 'No recipients selected' });
    const long = await post({ rsvp_ids: [id], message: 'x'.repeat(1601) });
    expect((await long.json()).error.fields).toEqual({ message: 'Please shorten your message to 1600 characters or less.' });
    expect((await post({ rsvp_ids: [id], message: 'x'.repeat(1600) })).status).toBe(202);
    // The live count's rule (common/sms.ts smsLength): an emoji is two, a GSM extension character two.
    const emoji = await post({ rsvp_ids: [id], message: `${'x'.repeat(1599)}🎉` });
    expect((await emoji.json()).error.fields).toEqual({ message: 'Please shorten your message to 1600 characters or less.' });
    const euro = await post({ rsvp_ids: [id], message: `${'x'.repeat(1599)}€` });
    expect((await euro.json()).error.fields).toEqual({ message: 'Please shorten your message to 1600 characters or less.' });
    expect((await post({ rsvp_ids: [id], message: '🎉'.repeat(800) })).status).toBe(202);
  });
});

describe('an SMS is sent at most once (docs/decisions/0017-sms.md)', () => {
  const row = async (key: string) => (await t.db.select().from(outbox).where(eq(outbox.idempotency_key, key)))[0]!;
  const due = (key: string) => t.db.update(outbox).set({ next_attempt_at: sql`now()` }).where(eq(outbox.idempotency_key, key));

  it("Twilio's answer lost (no reply within half the lease): 'unknown', and never handed over again", async () => {
    await enqueueSms(t.db, 'test:sms:hung', { to: HUNG, body: 'Lost answer' });
    const shortEnv = { ...t.env, OUTBOX_LEASE_MS: 1000 };
    const short = { ...t.deps, env: shortEnv, channels: new Channels(shortEnv) };
    try {
      await drainOutbox(short);
      expect(await row('test:sms:hung')).toMatchObject({ status: 'unknown', attempts: 1 });
      expect((await row('test:sms:hung')).last_error).toMatch(/^Twilio's answer was lost.*longer than half the lease/);
      await due('test:sms:hung');
      await drainOutbox(short);
      expect(received(HUNG)).toHaveLength(1);
      expect(await row('test:sms:hung')).toMatchObject({ status: 'unknown', attempts: 1 });
    } finally {
      short.channels.close();
    }
  });

  it('Twilio unreachable or answering 503: the text certainly did not go, so it is retried and sent once', async () => {
    await enqueueSms(t.db, 'test:sms:refused', { to: '+14155550166', body: 'Refused first' });
    const deadEnv = { ...t.env, TWILIO_API_BASE_URL: `http://127.0.0.1:${await freePort()}` };
    const dead = { ...t.deps, env: deadEnv, channels: new Channels(deadEnv) };
    await drainOutbox(dead);
    expect(await row('test:sms:refused')).toMatchObject({ status: 'pending', attempts: 1, handed_at: null });
    expect((await row('test:sms:refused')).last_error).toMatch(/ECONNREFUSED/);
    await due('test:sms:refused');
    await drainOutbox(t.deps);
    expect(await row('test:sms:refused')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received('+14155550166')).toHaveLength(1);

    await enqueueSms(t.db, 'test:sms:busy', { to: BUSY, body: 'Busy first' });
    await drainOutbox(t.deps);
    expect(await row('test:sms:busy')).toMatchObject({
      status: 'pending',
      attempts: 1,
      handed_at: null,
      last_error: 'Twilio 20503: Service Unavailable',
    });
    busy = false;
    await due('test:sms:busy');
    await drainOutbox(t.deps);
    expect(await row('test:sms:busy')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received(BUSY)).toHaveLength(1);
  });
});

describe('the SMS sandbox: POST /api/send-sms (docs/product.md#sms-sandbox)', () => {
  it("the instance owner sends now and sees Twilio's answer; anyone else gets 403; both fields are required", async () => {
    await newEvent();
    const ok = await t.request('/api/send-sms', {
      method: 'POST',
      json: { to: '415 555 0501', message: 'Sandbox hello' },
      cookie: instanceOwner.cookie,
    });
    expect(ok.status).toBe(200);
    expect(ZSendSmsResult.parse(await ok.json())).toMatchObject({ sent: true, to: '+14155550501', error: null });
    expect(received('+14155550501')).toEqual([expect.objectContaining({ body: 'Sandbox hello', from: FAKE_TWILIO.from })]);
    const bad = await t.request('/api/send-sms', { method: 'POST', json: { to: BAD, message: 'x' }, cookie: instanceOwner.cookie });
    expect(await bad.json()).toMatchObject({
      sent: false,
      code: '21211',
      error: "The 'To' number +14155550100 is not a valid phone number.",
    });
    const tooLong = await t.request('/api/send-sms', {
      method: 'POST',
      json: { to: TOO_LONG, message: 'x' },
      cookie: instanceOwner.cookie,
    });
    expect(await tooLong.json()).toMatchObject({
      sent: false,
      code: 'MESSAGE_TOO_LONG',
      error: 'Please shorten your message to 1600 characters or less.',
    });
    const over = await t.request('/api/send-sms', {
      method: 'POST',
      json: { to: '4155550501', message: 'x'.repeat(1601) },
      cookie: instanceOwner.cookie,
    });
    expect(over.status).toBe(400);
    expect((await over.json()).error.fields).toEqual({ message: 'Please shorten your message to 1600 characters or less.' });
    const missing = await t.request('/api/send-sms', { method: 'POST', json: { to: '', message: '' }, cookie: instanceOwner.cookie });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toEqual({
      to: 'Phone number and message are required',
      message: 'Phone number and message are required',
    });
    // Event owners and co-hosts too (docs/product.md#sms-sandbox): it texts any number on the instance's account.
    for (const who of [owner, cohost, stranger]) {
      const res = await t.request('/api/send-sms', { method: 'POST', json: { to: '4155550502', message: 'x' }, cookie: who.cookie });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toEqual({ code: 'forbidden', message: SMS_SANDBOX_OWNER_ONLY });
    }
    expect(received('+14155550502')).toEqual([]);
  });

  it('with no Twilio configured: code MISSING_API_KEY naming the settings', async () => {
    const bare = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
    const host = await signedInUser(bare, { role: 'admin' });
    const res = await bare.request('/api/send-sms', { method: 'POST', json: { to: '4155550501', message: 'x' }, cookie: host.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sent: false, code: 'MISSING_API_KEY', error: expect.stringMatching(/TWILIO_ACCOUNT_SID/) });
  });
});
