import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ZGuestList, ZJobAnswer } from '../../src/common/schemas/guests.responses.ts';
import { ZSmsHistory, ZSmsJobProgress, ZSmsSent } from '../../src/common/schemas/sms.ts';
import { user } from '../../src/server/db/schema/auth.ts';
import { drainJobs } from '../../src/server/modules/jobs/run-jobs.ts';
import { drainOutbox } from '../../src/server/modules/outbox/worker.ts';
import { createEvent } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { FAKE_TWILIO, startFakeTwilio } from '../support/fake-twilio.ts';

/** The Messaging screen's history of sent messages (docs/product.md#messaging): GET /api/events/{id}/sms-jobs. */
const BAD = '+14155550100';
const twilio = await startFakeTwilio((sms) =>
  sms.to === BAD ? { status: 400, code: 21211, message: "The 'To' number +14155550100 is not a valid phone number." } : undefined,
);
afterAll(() => twilio.close());
const t = await createTestApp({
  RATE_LIMIT: 'false',
  LOG_LEVEL: 'error',
  TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
  TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
  TWILIO_FROM: FAKE_TWILIO.from,
  TWILIO_API_BASE_URL: twilio.url,
});
const owner = await signedInUser(t);
const cohost = await signedInUser(t);
const door = await signedInUser(t);
const stranger = await signedInUser(t);

async function teamEvent(app: TestApp, host: { cookie: string }, title: string) {
  const e = await createEvent(app, host, { title });
  for (const [who, role] of [
    [cohost, 'cohost'],
    [door, 'door'],
  ] as const) {
    if (app !== t) continue;
    const res = await app.request(`/api/events/${e.id}/hosts`, {
      method: 'POST',
      json: { email: who.email, ...(role === 'door' ? { role } : {}) },
      cookie: host.cookie,
    });
    expect(res.status).toBe(201);
  }
  return e;
}
const guest = async (app: TestApp, eventId: string, phone?: string) =>
  (await postRsvp(app, eventId, rsvpInput(phone ? { phone } : {}))).body.rsvp.id as string;

async function sendToGoing(app: TestApp, eventId: string, cookie: string, message: string) {
  const res = await app.request(`/api/events/${eventId}/sms-jobs`, {
    method: 'POST',
    json: { filter: { status: 'confirmed' }, message },
    cookie,
  });
  expect(res.status, await res.clone().text()).toBe(202);
  return ZJobAnswer.parse(await res.json()).job;
}
async function history(app: TestApp, eventId: string, cookie: string) {
  const res = await app.request(`/api/events/${eventId}/sms-jobs`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return ZSmsHistory.parse(await res.json());
}

describe('the message history of an event', () => {
  it('lists each send newest first: when, by whom, to how many (phones only), sent and failed', async () => {
    const e = await teamEvent(t, owner, 'Harbour Supper');
    await guest(t, e.id, '415 555 0701');
    await guest(t, e.id, BAD);
    await guest(t, e.id); // no phone: no recipient
    expect(await history(t, e.id, owner.cookie)).toEqual({ entries: [], channel: 'twilio' });

    const first = await sendToGoing(t, e.id, owner.cookie, 'Doors at 7.');
    expect(first.total).toBe(2);
    await drainJobs(t.deps);
    await drainOutbox(t.deps);
    const second = await sendToGoing(t, e.id, cohost.cookie, 'Bring a coat.');
    // Another event's sends are not this one's.
    const other = await teamEvent(t, owner, 'Other');
    await guest(t, other.id, '415 555 0702');
    await sendToGoing(t, other.id, owner.cookie, 'Elsewhere');

    const h = await history(t, e.id, cohost.cookie);
    expect(h.entries.map((x) => x.id)).toEqual([second.id, first.id]);
    expect(h.entries[1]).toMatchObject({
      sent_by: owner.email.split('@')[0],
      message: 'Doors at 7.',
      status: 'done',
      recipients: 2,
      sent: 1,
      failed: 1,
      kept: 0,
      queued: 0,
      skipped: 0,
    });
    expect(Date.parse(h.entries[1]!.created_at)).not.toBeNaN();
    // Not yet run: every recipient still waiting.
    expect(h.entries[0]).toMatchObject({
      sent_by: cohost.email.split('@')[0],
      message: 'Bring a coat.',
      status: 'queued',
      recipients: 2,
      sent: 0,
    });
    // The progress bar counts the same recipients.
    const p = ZSmsJobProgress.parse(await (await t.request(`/api/sms-jobs/${first.id}`, { cookie: owner.cookie })).json());
    expect(p).toMatchObject({ total: 2, sent: 1, failed: 1, skipped: 0 });
  });

  it('names an older account without a name by its e-mail’s local part, as event pages do', async () => {
    const nameless = await signedInUser(t);
    await t.db.update(user).set({ name: '' }).where(eq(user.email, nameless.email));
    const e = await createEvent(t, nameless, { title: 'Nameless host' });
    await guest(t, e.id, '415 555 0703');
    await sendToGoing(t, e.id, nameless.cookie, 'Hello');
    expect((await history(t, e.id, nameless.cookie)).entries[0]?.sent_by).toBe(nameless.email.split('@')[0]);
  });

  it('is for the event’s owner and co-hosts only', async () => {
    const e = await teamEvent(t, owner, 'Private');
    const get = (cookie: string) => t.request(`/api/events/${e.id}/sms-jobs`, { cookie });
    expect((await get('')).status).toBe(401);
    expect((await get(stranger.cookie)).status).toBe(404);
    expect((await get(door.cookie)).status).toBe(404);
    expect((await get(cohost.cookie)).status).toBe(200);
    expect((await t.request('/api/events/not-a-uuid/sms-jobs', { cookie: owner.cookie })).status).toBe(404);
  });
});

describe('without Twilio: texts are kept in the dev mailbox, and nothing says they were sent', () => {
  it('the history counts them as kept, the guest list says so, the ticket SMS answer names the channel', async () => {
    const bare = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
    const host = await signedInUser(bare);
    const e = await teamEvent(bare, host, 'Mailbox Party');
    const id = await guest(bare, e.id, '415 555 0801');
    const job = await sendToGoing(bare, e.id, host.cookie, 'Hello');
    await drainJobs(bare.deps);
    await drainOutbox(bare.deps);
    const h = await history(bare, e.id, host.cookie);
    expect(h.channel).toBe('dev_mailbox');
    expect(h.entries).toEqual([expect.objectContaining({ id: job.id, recipients: 1, sent: 0, kept: 1, failed: 0 })]);
    const rows = ZGuestList.parse(await (await bare.request(`/api/events/${e.id}/rsvps`, { cookie: host.cookie })).json()).rows;
    expect(rows.find((r) => r.id === id)!.sms).toMatchObject({ status: 'kept' });
    const res = await bare.request(`/api/events/${e.id}/rsvps/${id}/sms`, { method: 'POST', cookie: host.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(ZSmsSent.parse(await res.json())).toMatchObject({ queued: true, channel: 'dev_mailbox', to: '+14155550801' });
  });
});
