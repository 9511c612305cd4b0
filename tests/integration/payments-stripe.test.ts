import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { createLogger } from '../../src/server/logger.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { cancelRefundEmailKey } from '../../src/server/modules/payments/refund-rsvp.ts';
import { sweepLapsedHolds } from '../../src/server/modules/payments/sweep-holds.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { startFakeStripe } from '../support/fake-stripe.ts';
import { paidEventKit, WEBHOOK_SECRET } from '../support/paid-events.ts';

// Paid events against the real `stripe` SDK talking to a local Stripe-compatible fake (STRIPE_API_URL),
// webhooks signed by the SDK's own test-header helper (docs/decisions/0015-payments.md).
const fake = await startFakeStripe();
const t = await createTestApp({ RATE_LIMIT: 'false', PAYMENTS_PROVIDER: 'stripe', STRIPE_API_URL: fake.url });
afterAll(() => fake.close());

const { sdk, paidEvent, webhookBody, sendWebhook, sessionIdOf, verify, rsvpRow, seatsTaken } = paidEventKit(t, fake);

/** The same app on the same database, logging into `lines` (parsed JSON lines). */
function loggingApp() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const { app } = createApp({ ...t.deps, log: createLogger('info', sink) }, { clientDir: path.join(os.tmpdir(), 'turnout-no-client') });
  return { app, lines };
}

const paidMails = (sessionId: string) =>
  t.db
    .select()
    .from(outbox)
    .where(eq(outbox.idempotency_key, `payment:${sessionId}:paid`));

describe('checkout', () => {
  it.each([
    ['usd', '12.50', 1250],
    ['eur', '19.99', 1999],
    ['gbp', '0.50', 50],
    ['cad', '100.00', 10000],
  ])('a paid yes in %s holds its seats and opens a session of %s → %i minor units per guest', async (currency, price, minor) => {
    const e = await paidEvent({ currency, price });
    const input = rsvpInput({ guest_count: 3 });
    const { status, body } = await postRsvp(t, e.id, input);
    expect(status).toBe(201);
    expect(body.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(body.ticket_url).toBeNull();
    expect(body.email_queued).toBe(false);
    const s = fake.sessions.get(sessionIdOf(body.checkout_url))!;
    expect(s).toMatchObject({ currency, unit_amount: minor, quantity: 3, amount_total: minor * 3, customer_email: input.email });
    expect(s.product_name).toBe(e.title);
    expect(s.metadata).toEqual({ rsvp_id: body.rsvp.id, event_id: e.id });
    expect(s.idempotency_key).toBe(`checkout:${body.rsvp.id}`);
    expect(s.success_url).toBe(`${TEST_ORIGIN}/event/${e.slug}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
    // Back to the event through the route that ends this browser's checkout at once.
    expect(s.cancel_url).toBe(`${TEST_ORIGIN}/api/public/events/${e.id}/checkout-cancelled`);
    // Stripe's minimum lifetime is 30 minutes.
    expect(s.expires_at * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000);
    const row = await rsvpRow(body.rsvp.id);
    expect(row).toMatchObject({
      payment_status: 'pending',
      type: 'ticket',
      status: 'confirmed',
      payment_amount: minor * 3,
      payment_currency: currency,
    });
    expect(row.qr_code_data).toBeNull();
    expect(await seatsTaken(e.id)).toBe(3);
    // Nothing e-mailed until paid.
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(like(outbox.idempotency_key, `rsvp:${body.rsvp.id}%`)),
    ).toHaveLength(0);
  });

  it('a refused session: "Failed to create checkout session", the answer and its seats are gone', async () => {
    const e = await paidEvent();
    fake.failNextCreates(1);
    const input = rsvpInput();
    const { status, body } = await postRsvp(t, e.id, input);
    expect(status).toBe(502);
    expect(body.error.message).toBe('Failed to create checkout session');
    expect(await seatsTaken(e.id)).toBe(0);
    // The guest may simply try again.
    const again = await postRsvp(t, e.id, input);
    expect(again.status).toBe(201);
    expect(again.body.checkout_url).toBeTruthy();
  });

  it('an answer that goes while its session is being made: the session is ended, never handed out', async () => {
    const e = await paidEvent();
    // Staff delete the answer (or its event goes) while Stripe is still making the session.
    fake.onNextCreate(async (metadata) => {
      await t.db.delete(event_rsvps).where(eq(event_rsvps.id, metadata.rsvp_id!));
    });
    const { status, body } = await postRsvp(t, e.id, rsvpInput());
    expect(status).toBe(502);
    expect(body.error.message).toBe('Failed to create checkout session');
    const made = [...fake.sessions.values()].filter((s) => s.metadata.event_id === e.id);
    expect(made).toHaveLength(1);
    expect(made[0]!.status).toBe('expired');
  });

  it('no checkout URL: "No checkout URL received"', async () => {
    const e = await paidEvent();
    fake.omitUrls(true);
    try {
      const { status, body } = await postRsvp(t, e.id, rsvpInput());
      expect(status).toBe(502);
      expect(body.error.message).toBe('No checkout URL received');
    } finally {
      fake.omitUrls(false);
    }
    expect(await seatsTaken(e.id)).toBe(0);
  });

  it('maybe and no on a paid event need no checkout', async () => {
    const e = await paidEvent();
    const { status, body } = await postRsvp(t, e.id, rsvpInput({ status: 'maybe' }));
    expect(status).toBe(201);
    expect(body.checkout_url).toBeNull();
  });

  it('no oversell: 12 concurrent paid yeses for 5 seats', async () => {
    const e = await paidEvent({ max: 5 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => postRsvp(t, e.id, rsvpInput())));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    expect(await seatsTaken(e.id)).toBe(5);
  });
});

describe('fulfilment', () => {
  it('webhook then success page: one paid RSVP, one ticket, one e-mail', async () => {
    const e = await paidEvent();
    const { body } = await postRsvp(t, e.id, rsvpInput());
    const id = sessionIdOf(body.checkout_url);
    expect((await (await verify(id)).json()).payment_status).toBe('pending');
    fake.pay(id);
    expect((await sendWebhook(e.id, webhookBody('checkout.session.completed', id))).status).toBe(200);
    const res = await verify(id);
    const v = await res.json();
    expect(v).toMatchObject({ payment_status: 'paid', refunded: false, event_slug: e.slug });
    expect(v.ticket_url).toMatch(/^\/ticket\//);
    expect(v.qr_code_data).toBeTruthy();
    const row = await rsvpRow(body.rsvp.id);
    expect(row).toMatchObject({ payment_status: 'paid', status: 'confirmed', payment_id: fake.sessions.get(id)!.payment_intent });
    expect(await paidMails(id)).toHaveLength(1);
    expect(await seatsTaken(e.id)).toBe(1);
  });

  it('100 sessions × 3 duplicate webhooks, shuffled, racing the success page: one ticket and one e-mail each', async () => {
    const e = await paidEvent({ max: 100 });
    const made = [];
    for (let i = 0; i < 100; i++) made.push((await postRsvp(t, e.id, rsvpInput())).body);
    const ids = made.map((b) => sessionIdOf(b.checkout_url));
    for (const id of ids) fake.pay(id);
    const jobs: (() => Response | Promise<Response>)[] = [];
    for (const id of ids) {
      for (const type of ['checkout.session.completed', 'checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
        jobs.push(() => sendWebhook(e.id, webhookBody(type, id)));
      }
      jobs.push(() => verify(id));
    }
    for (let i = jobs.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [jobs[i], jobs[j]] = [jobs[j]!, jobs[i]!];
    }
    const answers = await Promise.all(jobs.map((j) => j()));
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const rows = await t.db.select().from(event_rsvps).where(eq(event_rsvps.event_id, e.id));
    expect(rows.filter((r) => r.payment_status === 'paid' && r.qr_code_data)).toHaveLength(100);
    expect(new Set(rows.map((r) => r.qr_code_data)).size).toBe(100);
    const mails = await t.db.select().from(outbox).where(like(outbox.idempotency_key, 'payment:%:paid'));
    for (const id of ids) expect(mails.filter((m) => m.idempotency_key === `payment:${id}:paid`)).toHaveLength(1);
    expect(await seatsTaken(e.id)).toBe(100);
  }, 120_000);

  it('tampered or stale signatures are refused with 400, logged with the event id only, and change nothing', async () => {
    const { app, lines } = loggingApp();
    const { sendWebhook } = paidEventKit(t, fake, { app });
    const e = await paidEvent();
    const { body } = await postRsvp(t, e.id, rsvpInput());
    const id = sessionIdOf(body.checkout_url);
    fake.pay(id);
    const payload = webhookBody('checkout.session.completed', id);
    const good = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await sendWebhook(e.id, payload.replace('"object":"event"', '"object":"evnt"'), good)).status).toBe(400);
    const stale = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await sendWebhook(e.id, payload, stale)).status).toBe(400);
    const otherSecret = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someoneElse' });
    expect((await sendWebhook(e.id, payload, otherSecret)).status).toBe(400);
    const none = await app.request(`${TEST_ORIGIN}/api/payments/webhook/${e.id}`, { method: 'POST', body: payload });
    expect(none.status).toBe(400);
    expect((await rsvpRow(body.rsvp.id)).payment_status).toBe('pending');
    const refused = lines.filter((l) => l.msg === 'payment webhook refused: missing, invalid or stale signature');
    expect(refused).toHaveLength(4);
    for (const l of refused) expect(l).toMatchObject({ level: 40, eventId: e.id });
    const logged = JSON.stringify(lines);
    for (const secret of [id, good, WEBHOOK_SECRET]) expect(logged).not.toContain(secret);
  });

  it('an expired session frees its seats, once', async () => {
    const e = await paidEvent({ max: 2 });
    const { body } = await postRsvp(t, e.id, rsvpInput({ guest_count: 2 }));
    const id = sessionIdOf(body.checkout_url);
    expect(await seatsTaken(e.id)).toBe(2);
    fake.expire(id);
    await Promise.all([1, 2, 3].map(() => sendWebhook(e.id, webhookBody('checkout.session.expired', id))));
    expect(await seatsTaken(e.id)).toBe(0);
    expect((await rsvpRow(body.rsvp.id)).payment_status).toBe('expired');
    expect((await (await verify(id)).json()).payment_status).toBe('failed');
  });

  it('a lapsed hold is released by the sweep; paid later with the seats gone → refunded and told why', async () => {
    const e = await paidEvent({ max: 1 });
    const first = (await postRsvp(t, e.id, rsvpInput())).body;
    const firstSession = sessionIdOf(first.checkout_url);
    await t.db
      .update(event_rsvps)
      .set({ payment_hold_until: new Date(Date.now() - 1000) })
      .where(eq(event_rsvps.id, first.rsvp.id));
    const [a, b] = await Promise.all([sweepLapsedHolds(t.deps), sweepLapsedHolds(t.deps)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await seatsTaken(e.id)).toBe(0);
    // The sweep ended the session at Stripe.
    expect(fake.sessions.get(firstSession)!.status).toBe('expired');
    // Someone else takes the seat and pays.
    const second = (await postRsvp(t, e.id, rsvpInput())).body;
    fake.pay(sessionIdOf(second.checkout_url));
    expect((await (await verify(sessionIdOf(second.checkout_url))).json()).payment_status).toBe('paid');
    // The first guest's payment still went through at Stripe (a race with the expiry).
    const s = fake.sessions.get(firstSession)!;
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent = 'pi_late0000001';
    await Promise.all([1, 2].map(() => sendWebhook(e.id, webhookBody('checkout.session.completed', firstSession))));
    const v = await (await verify(firstSession)).json();
    expect(v).toMatchObject({ payment_status: 'failed', refunded: true, ticket_url: null });
    // One refund, keyed per RSVP (a repeat would be Stripe's replay of the same refund).
    const refunds = fake.refunds.filter((r) => r.payment_intent === 'pi_late0000001');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.idempotency_key).toBe(`refund:${first.rsvp.id}`);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, `payment:${firstSession}:late-refund`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({ to: expect.any(String), subject: expect.stringContaining('refunded') });
    expect(await seatsTaken(e.id)).toBe(1);
    expect((await rsvpRow(first.rsvp.id)).payment_status).toBe('refunded');
  });

  it('an unknown session is a 404; a malformed one a 400', async () => {
    expect((await verify('cs_test_nope')).status).toBe(404);
    expect((await verify('nope')).status).toBe(400);
    const unknownEvent = await sendWebhook('00000000-0000-4000-8000-000000000000', '{}');
    expect(unknownEvent.status).toBe(404);
    expect(
      await t.db
        .select()
        .from(event_rsvps)
        .where(and(eq(event_rsvps.checkout_session_id, 'cs_test_nope'))),
    ).toHaveLength(0);
  });
});

describe('refunds on cancellation', () => {
  async function paidAnswer(e: { id: string }) {
    const { body } = await postRsvp(t, e.id, rsvpInput({ guest_count: 2 }));
    const id = sessionIdOf(body.checkout_url);
    fake.pay(id);
    expect((await (await verify(id)).json()).payment_status).toBe('paid');
    return { rsvpId: body.rsvp.id as string, sessionId: id, pi: fake.sessions.get(id)!.payment_intent! };
  }
  const refundsOf = (pi: string) => fake.refunds.filter((r) => r.payment_intent === pi);
  /** The cancellation e-mails queued for an RSVP's refund (one key per RSVP: refund-rsvp.ts). */
  const refundEmails = (rsvpId: string) =>
    t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, cancelRefundEmailKey(rsvpId)));

  it('staff cancelling a paid guest refunds it once, frees the seats and e-mails the guest', async () => {
    const host = await signedInUser(t);
    const e = await paidEvent({ max: 10 });
    await t.db.update(events).set({ user_id: host.id }).where(eq(events.id, e.id));
    const p = await paidAnswer(e);
    expect(await seatsTaken(e.id)).toBe(2);
    const patch = (status: string) =>
      t.request(`/api/events/${e.id}/rsvps/${p.rsvpId}`, { method: 'PATCH', json: { status }, cookie: host.cookie });
    expect((await patch('declined')).status).toBe(200);
    expect(refundsOf(p.pi)).toHaveLength(1);
    expect(refundsOf(p.pi)[0]!.idempotency_key).toBe(`refund:${p.rsvpId}`);
    expect((await rsvpRow(p.rsvpId)).payment_status).toBe('refunded');
    expect(await seatsTaken(e.id)).toBe(0);
    expect((await patch('maybe')).status).toBe(200);
    expect(refundsOf(p.pi)).toHaveLength(1);
    expect(await refundEmails(p.rsvpId)).toHaveLength(1);
    // A stranger's PATCH refunds nothing.
    const q = await paidAnswer(e);
    const stranger = await signedInUser(t);
    const res = await t.request(`/api/events/${e.id}/rsvps/${q.rsvpId}`, { method: 'DELETE', cookie: stranger.cookie });
    expect(res.status).toBe(404);
    expect(refundsOf(q.pi)).toHaveLength(0);
    expect((await t.request(`/api/events/${e.id}/rsvps/${q.rsvpId}`, { method: 'DELETE', cookie: host.cookie })).status).toBe(204);
    expect(refundsOf(q.pi)).toHaveLength(1);
  });

  it('the guest (twice) and the host cancelling at once: one refund, one e-mail, the seats freed once', async () => {
    const host = await signedInUser(t);
    const e = await paidEvent({ max: 10, refunds: true });
    await t.db.update(events).set({ user_id: host.id }).where(eq(events.id, e.id));
    const p = await paidAnswer(e);
    const secret = (await rsvpRow(p.rsvpId)).manage_secret;
    const answers = await Promise.all([
      t.request(`/api/public/rsvps/${secret}/cancel`, { method: 'POST' }),
      t.request(`/api/public/rsvps/${secret}/cancel`, { method: 'POST' }),
      t.request(`/api/events/${e.id}/rsvps/${p.rsvpId}`, { method: 'PATCH', json: { status: 'declined' }, cookie: host.cookie }),
    ]);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    // A loser is told to try again (the refund under way) or finds the link replaced; never a 500.
    for (const r of answers) expect([200, 404, 502]).toContain(r.status);
    expect(refundsOf(p.pi)).toHaveLength(1);
    expect(await rsvpRow(p.rsvpId)).toMatchObject({ status: 'declined', payment_status: 'refunded' });
    expect(await seatsTaken(e.id)).toBe(0);
    expect(await refundEmails(p.rsvpId)).toHaveLength(1);
  });

  it('the guest may cancel a paid answer through the manage link only when the host allows refunds', async () => {
    const e = await paidEvent();
    const p = await paidAnswer(e);
    const secret = (await rsvpRow(p.rsvpId)).manage_secret;
    // What was paid for stays: no re-pricing through the manage page.
    const bigger = await t.request(`/api/public/rsvps/${secret}`, {
      method: 'PUT',
      json: { name: 'Ada Guest', guest_count: 3, status: 'confirmed' },
    });
    expect(bigger.status).toBe(409);
    expect((await bigger.json()).error.fields.guest_count).toMatch(/cannot be changed/);
    const off = await t.request(`/api/public/rsvps/${secret}/cancel`, { method: 'POST' });
    expect(off.status).toBe(409);
    expect((await off.json()).error.message).toBe('This answer is paid: please contact the event organizer to cancel it.');
    expect(refundsOf(p.pi)).toHaveLength(0);
    expect((await rsvpRow(p.rsvpId)).status).toBe('confirmed');
    await t.db.update(events).set({ guest_refunds_allowed: true }).where(eq(events.id, e.id));
    expect((await t.request(`/api/public/rsvps/${secret}/cancel`, { method: 'POST' })).status).toBe(200);
    expect(refundsOf(p.pi)).toHaveLength(1);
    expect(await rsvpRow(p.rsvpId)).toMatchObject({ payment_status: 'refunded', status: 'declined' });
    expect(await seatsTaken(e.id)).toBe(0);
  });
});
