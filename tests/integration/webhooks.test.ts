import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'svix';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../src/common/schemas/webhooks.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { webhook_deliveries, webhook_endpoints } from '../../src/server/db/schema/webhooks.ts';
import { payment_refunds } from '../../src/server/db/schema/payments.ts';
import { createLogger } from '../../src/server/logger.ts';
import { LOG_KEEP_DAYS, runWebhooks, sweepWebhookLog } from '../../src/server/modules/webhooks/deliver-webhooks.ts';
import { WEBHOOK_PAYLOADS } from '../../src/server/modules/webhooks/payloads.openapi.ts';
import { createEvent } from '../factories/events.ts';
import { cancelAnswer, changeAnswer, manageSecretOf, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { mailOf } from '../support/outbox-mail.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * Webhooks end to end (docs/product.md#webhooks, docs/decisions/0030-webhooks.md): endpoints registered through
 * the API, messages queued by the database's triggers in the writing transaction, delivered by runWebhooks to a
 * real HTTP receiver on this machine, whose signatures are checked with the `svix` package's Standard Webhooks
 * verifier (not Turnout's signing code). The worker's clock (`now`) is moved by the tests; the database's is not.
 */
const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t);
const other = await signedInUser(t);
const log = createLogger('silent');
const workerDeps = (app: TestApp = t, allowPrivate = true) => ({
  db: app.db,
  log,
  encryptionKey: app.env.ENCRYPTION_KEY,
  allowPrivate,
  accountUrl: `${app.env.PUBLIC_BASE_URL}/auth/account#account-webhooks`,
});
const run = (now = new Date(), app: TestApp = t, allowPrivate = true) => runWebhooks(workerDeps(app, allowPrivate), now);
const HOUR = 3600_000;

type Received = {
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: WebhookEventType; data: { rsvp: { id: string; email: string } } };
};
const received: Received[] = [];
/** What the receiver answers next: a status per request (default 200). */
let answer: (r: Received) => number = () => 200;
const receiver = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => {
    body += c;
  });
  req.on('end', () => {
    const r = { headers: req.headers, body, json: JSON.parse(body) };
    received.push(r);
    const status = answer(r);
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok thanks' : 'receiver is down');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

beforeEach(() => {
  received.length = 0;
  answer = () => 200;
});
// A test that fails midway leaves no endpoint behind to be delivered to by the next.
afterEach(async () => {
  await t.db.delete(webhook_endpoints);
});

/**
 * What each guest's endpoint received, in order. Messages of one guest are promised in order; those of different
 * guests go out on parallel lanes, so their interleaving is not.
 */
const perGuest = () => {
  const by: Record<string, string[]> = {};
  for (const r of received) by[r.json.data.rsvp.email] = [...(by[r.json.data.rsvp.email] ?? []), r.json.type];
  return by;
};

/** Svix's verifier (Standard Webhooks): throws unless one of the signatures is `secret`'s over id, timestamp and body. */
const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });

async function register(events: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES, extra: Record<string, unknown> = {}, who = owner) {
  const res = await t.request('/api/account/webhooks', {
    method: 'POST',
    json: { url: receiverUrl, events, ...extra },
    cookie: who.cookie,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { endpoint: { id: string }; secret: string };
}
const deliveries = async (endpointId: string) =>
  (await (await t.request(`/api/account/webhooks/${endpointId}/deliveries`, { cookie: owner.cookie })).json()).deliveries as {
    id: string;
    type: string;
    status: string;
    attempts: number;
    response_status: number | null;
    duration_ms: number | null;
    response_excerpt: string | null;
    error: string | null;
  }[];
const remove = (id: string) => t.request(`/api/account/webhooks/${id}`, { method: 'DELETE', cookie: owner.cookie });

describe('delivery', () => {
  it("tells an endpoint of an RSVP's life and its check-ins, signed, in order, as the document describes", async () => {
    const e = await createEvent(t, owner, { title: 'Hooked' });
    const { endpoint, secret } = await register(WEBHOOK_EVENT_TYPES, { event_id: e.id, description: 'CRM' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = (await (await t.request('/api/account/webhooks', { cookie: owner.cookie })).json()).endpoints;
    expect(listed[0]).toMatchObject({ id: endpoint.id, event_id: e.id, event_title: 'Hooked', status: 'active', description: 'CRM' });
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));

    const answer1 = rsvpInput({ guest_count: 1 });
    const created = await postRsvp(t, e.id, answer1);
    expect(created.status).toBe(201);
    expect((await changeAnswer(t, e.id, answer1, { guest_count: 2 })).status).toBe(200);
    const [{ id: rsvpId } = { id: '' }] = await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.event_id, e.id));
    const scan = (path: string, json: Record<string, unknown>) =>
      t.request(`/api/checkin/${e.id}/${path}`, {
        method: 'POST',
        json: { rsvp_id: rsvpId, nonce: `n-${crypto.randomUUID()}`, ...json },
        cookie: owner.cookie,
      });
    expect((await scan('redeem', { count: 2 })).status).toBe(200);
    expect((await scan('undo', {})).status).toBe(200);
    await t.db
      .update(event_rsvps)
      .set({ payment_status: 'paid', payment_amount: 1500, payment_currency: 'usd' })
      .where(eq(event_rsvps.id, rsvpId));
    // A refund is told by its record (migration 0036): payment.refunded carries it.
    await t.db.transaction(async (tx) => {
      await tx.update(event_rsvps).set({ payment_status: 'refunded', refunded_amount: 1500 }).where(eq(event_rsvps.id, rsvpId));
      await tx.insert(payment_refunds).values({
        rsvp_id: rsvpId,
        event_id: e.id,
        amount: 1500,
        currency: 'usd',
        reason: 'cancelled',
        status: 'succeeded',
      });
    });
    expect((await cancelAnswer(t, await manageSecretOf(t, e.id, answer1.email))).status).toBe(200);
    // Queued with the writes, sent by the worker: no request waited for the receiver.
    expect(received).toEqual([]);

    expect(await run()).toEqual({ delivered: 7, retry: 0, failed: 0 });
    expect(received.map((r) => r.json.type)).toEqual([
      'rsvp.created',
      'rsvp.updated',
      'checkin.created',
      'checkin.undone',
      'payment.succeeded',
      'payment.refunded',
      'rsvp.cancelled',
    ]);
    for (const r of received) {
      expect(verify(secret, r)).toEqual(r.json);
      expect(() => verify(`whsec_${Buffer.alloc(24, 7).toString('base64')}`, r)).toThrow();
      const parsed = WEBHOOK_PAYLOADS[r.json.type].safeParse(r.json);
      expect(parsed.success, `${r.json.type}: ${parsed.error?.message}`).toBe(true);
      expect(r.json.data.rsvp.id).toBe(rsvpId);
    }
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(7);
    expect(received[2]!.json).toMatchObject({ version: 1, data: { checkin: { guests: 2 }, rsvp: { checked_in_count: 2, party_size: 2 } } });
    expect(received[6]!.json).toMatchObject({ data: { rsvp: { status: 'declined' }, removed: false } });
    expect(received[5]!.json).toMatchObject({
      data: { rsvp: { payment: { status: 'refunded', refunded_amount: 1500 } }, refund: { amount: 1500, currency: 'usd', tickets: [] } },
    });

    const log = await deliveries(endpoint.id);
    expect(log).toHaveLength(7);
    for (const d of log) {
      expect(d).toMatchObject({ status: 'delivered', attempts: 1, response_status: 200, response_excerpt: 'ok thanks', error: null });
      expect(d.duration_ms).toBeGreaterThanOrEqual(0);
    }
    expect(log.map((d) => d.id)).toEqual(received.map((r) => r.headers['webhook-id']).reverse());
    expect((await remove(endpoint.id)).status).toBe(204);
  });

  it("only the chosen events, of the endpoint's event or all the owner's; an offer from the waitlist", async () => {
    const e = await createEvent(t, owner, { max_attendees: 1, waitlist_offer_hours: 24 });
    const elsewhere = await createEvent(t, owner);
    const strangers = await createEvent(t, other);
    const { endpoint } = await register(['waitlist.offered', 'rsvp.cancelled']);
    const first = rsvpInput();
    await postRsvp(t, e.id, first);
    const second = rsvpInput();
    const joined = await t.request(`/api/public/events/${e.id}/waitlist`, { method: 'POST', json: second });
    expect((await joined.json()).rsvp.status).toBe('waitlisted');
    await postRsvp(t, strangers.id, rsvpInput());
    const gone = rsvpInput();
    await postRsvp(t, elsewhere.id, gone);
    await cancelAnswer(t, await manageSecretOf(t, elsewhere.id, gone.email));
    await cancelAnswer(t, await manageSecretOf(t, e.id, first.email));
    await run();
    expect(perGuest()).toEqual({
      [gone.email]: ['rsvp.cancelled'],
      [first.email]: ['rsvp.cancelled'],
      [second.email]: ['waitlist.offered'],
    });
    await remove(endpoint.id);
  });

  it("keeps one guest's messages in order through a failure, retries with growing backoff; other guests go on", async () => {
    const e = await createEvent(t, owner);
    const { endpoint } = await register(['rsvp.created', 'rsvp.updated'], { event_id: e.id });
    const a = rsvpInput();
    const b = rsvpInput();
    await postRsvp(t, e.id, a);
    await changeAnswer(t, e.id, a, { guest_count: 3 });
    await postRsvp(t, e.id, b);
    answer = (r) => (r.json.data.rsvp.email === a.email ? 500 : 200);

    const t0 = new Date();
    expect(await run(t0)).toEqual({ delivered: 1, retry: 1, failed: 0 });
    // a's update waits behind its failed creation; b's creation went.
    expect(perGuest()).toEqual({ [a.email]: ['rsvp.created'], [b.email]: ['rsvp.created'] });
    const waitOf = async () => {
      const [row] = await t.db
        .select({
          wait: sql<number>`extract(epoch from ${webhook_deliveries.next_attempt_at} - ${webhook_deliveries.last_attempt_at})::float8`,
        })
        .from(webhook_deliveries)
        .where(
          sql`${webhook_deliveries.endpoint_id} = ${endpoint.id} and ${webhook_deliveries.status} = 'pending' and ${webhook_deliveries.attempts} > 0`,
        );
      return row!.wait;
    };
    const first = await waitOf();
    expect(first).toBeGreaterThanOrEqual(15);
    expect(first).toBeLessThanOrEqual(30);
    expect(await run(t0)).toEqual({ delivered: 0, retry: 0, failed: 0 }); // not due yet

    const t1 = new Date(t0.getTime() + 31_000);
    expect(await run(t1)).toEqual({ delivered: 0, retry: 1, failed: 0 });
    const second = await waitOf();
    expect(second).toBeGreaterThanOrEqual(30);
    expect(second).toBeLessThanOrEqual(60);
    const failed = (await deliveries(endpoint.id)).find((d) => d.status === 'pending' && d.attempts === 2);
    expect(failed).toMatchObject({ type: 'rsvp.created', response_status: 500, response_excerpt: 'receiver is down' });
    expect(failed?.error).toContain('500');

    answer = () => 200;
    received.length = 0;
    expect(await run(new Date(t1.getTime() + 61_000))).toEqual({ delivered: 2, retry: 0, failed: 0 });
    expect(received.map((r) => [r.json.type, r.json.data.rsvp.email])).toEqual([
      ['rsvp.created', a.email],
      ['rsvp.updated', a.email],
    ]);
    const [ep] = await t.db.select().from(webhook_endpoints).where(eq(webhook_endpoints.id, endpoint.id));
    expect(ep?.failing_since).toBeNull();
    await remove(endpoint.id);
  });

  it('gives a message up after a day, pauses an endpoint failing for a day and e-mails its owner; resumes', async () => {
    const e = await createEvent(t, owner);
    const { endpoint } = await register(['rsvp.created'], { event_id: e.id });
    answer = () => 503;
    await postRsvp(t, e.id, rsvpInput());
    const t0 = new Date();
    expect(await run(t0)).toEqual({ delivered: 0, retry: 1, failed: 0 });
    expect(await run(new Date(t0.getTime() + 12 * HOUR))).toEqual({ delivered: 0, retry: 1, failed: 0 });
    const state = async () => (await (await t.request('/api/account/webhooks', { cookie: owner.cookie })).json()).endpoints[0];
    expect(await state()).toMatchObject({ status: 'active', paused_reason: null });
    expect((await state()).failing_since).not.toBeNull();

    expect(await run(new Date(t0.getTime() + 25 * HOUR))).toEqual({ delivered: 0, retry: 0, failed: 1 });
    expect(received).toHaveLength(3);
    expect(await state()).toMatchObject({ status: 'paused', paused_reason: 'failing' });
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ status: 'failed', attempts: 3, response_status: 503 });
    const mails = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.idempotency_key} like ${`webhook-paused:${endpoint.id}:%`}`);
    expect(mails).toHaveLength(1);
    const mail = mailOf(mails[0]!.payload);
    expect(mail).toMatchObject({ to: owner.email, subject: 'A webhook endpoint of yours is paused' });
    expect(mail.text).toContain(receiverUrl);
    expect(mail.text).toContain('HTTP 503');

    // Paused: nothing is queued or sent.
    await postRsvp(t, e.id, rsvpInput());
    expect(await run(new Date(t0.getTime() + 48 * HOUR))).toEqual({ delivered: 0, retry: 0, failed: 0 });
    expect(await deliveries(endpoint.id)).toHaveLength(1);

    answer = () => 200;
    const resumed = await t.request(`/api/account/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      json: { paused: false },
      cookie: owner.cookie,
    });
    expect((await resumed.json()).endpoint).toMatchObject({ status: 'active', failing_since: null });
    await postRsvp(t, e.id, rsvpInput());
    expect(await run()).toEqual({ delivered: 1, retry: 0, failed: 0 });
    await remove(endpoint.id);
  });

  it('resends a message from the log with its id and body', async () => {
    const e = await createEvent(t, owner);
    const { endpoint, secret } = await register(['rsvp.created'], { event_id: e.id });
    await postRsvp(t, e.id, rsvpInput());
    await run();
    const [d] = await deliveries(endpoint.id);
    const res = await t.request(`/api/account/webhooks/${endpoint.id}/deliveries/${d!.id}/resend`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(res.status).toBe(202);
    expect((await res.json()).delivery).toMatchObject({ id: d!.id, status: 'pending' });
    await run();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(d!.id);
    expect(received[1]!.body).toBe(received[0]!.body);
    verify(secret, received[1]!);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    // Another user's log and resend: not found.
    expect((await t.request(`/api/account/webhooks/${endpoint.id}/deliveries`, { cookie: other.cookie })).status).toBe(404);
    const foreign = await t.request(`/api/account/webhooks/${endpoint.id}/deliveries/${d!.id}/resend`, {
      method: 'POST',
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);
    await remove(endpoint.id);
  });

  it('a rotated secret signs at once; the old one signs beside it during the grace', async () => {
    const e = await createEvent(t, owner);
    const { endpoint, secret: old } = await register(['rsvp.created'], { event_id: e.id });
    const rotated = await t.request(`/api/account/webhooks/${endpoint.id}/rotate-secret`, { method: 'POST', cookie: owner.cookie });
    expect(rotated.status).toBe(200);
    const { secret, endpoint: after } = await rotated.json();
    expect(secret).not.toBe(old);
    expect(after.previous_secret_until).not.toBeNull();
    await postRsvp(t, e.id, rsvpInput());
    await run();
    const [r] = received;
    expect(String(r!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verify(secret, r!);
    verify(old, r!);
    // Once the grace is over only the new secret signs.
    await t.db
      .update(webhook_endpoints)
      .set({ previous_secret_until: sql`now() - interval '1 second'` })
      .where(eq(webhook_endpoints.id, endpoint.id));
    await postRsvp(t, e.id, rsvpInput());
    await run();
    verify(secret, received[1]!);
    expect(() => verify(old, received[1]!)).toThrow();
    await remove(endpoint.id);
  });

  it(`keeps the log ${LOG_KEEP_DAYS} days; waiting messages stay whatever their age`, async () => {
    const e = await createEvent(t, owner);
    const { endpoint } = await register(['rsvp.created'], { event_id: e.id });
    await postRsvp(t, e.id, rsvpInput());
    await run();
    answer = () => 500;
    await postRsvp(t, e.id, rsvpInput());
    await run();
    const statuses = async () => (await deliveries(endpoint.id)).map((d) => d.status).sort();
    expect(await statuses()).toEqual(['delivered', 'pending']);
    const day = 24 * HOUR;
    expect(await sweepWebhookLog(t.db, new Date(Date.now() + (LOG_KEEP_DAYS - 1) * day))).toBe(0);
    expect(await sweepWebhookLog(t.db, new Date(Date.now() + (LOG_KEEP_DAYS + 1) * day))).toBeGreaterThanOrEqual(1);
    expect(await statuses()).toEqual(['pending']);
    await remove(endpoint.id);
  });

  it('an answer written paid (an importer, a seed) is created and paid, in that order', async () => {
    const e = await createEvent(t, owner);
    const { endpoint } = await register(['rsvp.created', 'payment.succeeded'], { event_id: e.id });
    await t.db
      .insert(event_rsvps)
      .values({ event_id: e.id, name: 'Paid Up', email: 'paid-up@example.com', payment_status: 'paid', payment_amount: 900 });
    await run();
    expect(received.map((r) => r.json.type)).toEqual(['rsvp.created', 'payment.succeeded']);
    expect(received[1]!.json).toMatchObject({ data: { rsvp: { payment: { status: 'paid', amount: 900 } } } });
    await remove(endpoint.id);
  });

  it('deleting an event with endpoints and guests removes its messages, and nothing fails', async () => {
    const e = await createEvent(t, owner);
    const { endpoint } = await register(['rsvp.created', 'rsvp.cancelled'], { event_id: e.id });
    const all = await register(['rsvp.cancelled']);
    await postRsvp(t, e.id, rsvpInput());
    expect((await t.request(`/api/events/${e.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect(await t.db.select().from(webhook_endpoints).where(eq(webhook_endpoints.id, endpoint.id))).toEqual([]);
    expect(await run()).toEqual({ delivered: 0, retry: 0, failed: 0 });
    await remove(all.endpoint.id);
  });
});

describe('registration', () => {
  it("refuses bad input with the field and the reason, and other hosts' events and endpoints", async () => {
    const strangers = await createEvent(t, other);
    for (const [json, field] of [
      [{ url: 'not a url', events: ['rsvp.created'] }, 'url'],
      [{ url: 'ftp://example.com/x', events: ['rsvp.created'] }, 'url'],
      [{ url: 'https://user:pw@example.com/x', events: ['rsvp.created'] }, 'url'],
      [{ url: receiverUrl, events: [] }, 'events'],
      [{ url: receiverUrl, events: ['rsvp.deleted'] }, 'events'],
      [{ url: receiverUrl, events: ['rsvp.created'], event_id: 'nope' }, 'event_id'],
    ] as const) {
      const res = await t.request('/api/account/webhooks', { method: 'POST', json, cookie: owner.cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys((await res.json()).error.fields)[0]).toMatch(new RegExp(`^${field}`));
    }
    const foreign = await t.request('/api/account/webhooks', {
      method: 'POST',
      json: { url: receiverUrl, events: ['rsvp.created'], event_id: strangers.id },
      cookie: owner.cookie,
    });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.fields).toHaveProperty('event_id');

    const { endpoint } = await register(['rsvp.created']);
    for (const [method, path] of [
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/rotate-secret'],
    ] as const) {
      const res = await t.request(`/api/account/webhooks/${endpoint.id}${path}`, {
        method,
        json: method === 'PATCH' ? { paused: true } : undefined,
        cookie: other.cookie,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await (await t.request('/api/account/webhooks', { cookie: other.cookie })).json()).endpoints).toEqual([]);
    expect((await remove(endpoint.id)).status).toBe(204);
  });
});

/** An app that refuses private addresses, as production does by default. */
const prod = await createTestApp({ RATE_LIMIT: 'false', WEBHOOKS_ALLOW_PRIVATE: 'false' });
const host = await signedInUser(prod);

describe('private addresses (SSRF) where they are refused, as in production', () => {
  it('refuses endpoints on loopback, private, link-local, unique-local and metadata addresses', async () => {
    for (const url of [
      receiverUrl,
      'http://localhost:8080/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/hook',
      'http://192.168.1.10/hook',
      'http://172.20.0.5/hook',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
    ]) {
      const res = await prod.request('/api/account/webhooks', {
        method: 'POST',
        json: { url, events: ['rsvp.created'] },
        cookie: host.cookie,
      });
      expect(res.status, url).toBe(400);
      expect((await res.json()).error.fields.url).toContain('private, local or reserved');
    }
  });

  it('checks again at delivery: an address that turned private later is never called', async () => {
    const e = await createEvent(prod, host);
    // As if the endpoint's name had resolved to a public address when it was saved (DNS rebinding).
    const created = await prod.request('/api/account/webhooks', {
      method: 'POST',
      json: { url: 'http://203.0.114.7/hook', events: ['rsvp.created'], event_id: e.id },
      cookie: host.cookie,
    });
    expect(created.status).toBe(201);
    const { endpoint } = await created.json();
    await prod.db.update(webhook_endpoints).set({ url: receiverUrl }).where(eq(webhook_endpoints.id, endpoint.id));
    await postRsvp(prod, e.id, rsvpInput());
    expect(await run(new Date(), prod, false)).toEqual({ delivered: 0, retry: 1, failed: 0 });
    expect(received).toEqual([]);
    const [d] = (await (await prod.request(`/api/account/webhooks/${endpoint.id}/deliveries`, { cookie: host.cookie })).json()).deliveries;
    expect(d).toMatchObject({ status: 'pending', response_status: null });
    expect(d.error).toContain('private, local or reserved');
  });
});
