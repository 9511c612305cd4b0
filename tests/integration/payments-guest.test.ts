import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '../../src/common/payment-texts.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { insertEvent, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { startFakeStripe } from '../support/fake-stripe.ts';
import { paidEventKit, lapseHold } from '../support/paid-events.ts';

// The guest's side of a paid answer, against the real `stripe` SDK and a local fake Stripe
// (docs/decisions/0015-payments.md): leaving the checkout frees the seats at once, Pay now on the
// manage link, and what the manage page and the remembered card are told of the payment.
const fake = await startFakeStripe();
const t = await createTestApp({ RATE_LIMIT: 'false', PAYMENTS_PROVIDER: 'stripe', STRIPE_API_URL: fake.url });
afterAll(() => fake.close());
const { paidEvent, webhookBody, sendWebhook, sessionIdOf, verify, rsvpRow, seatsTaken } = paidEventKit(t, fake);

/** A paid 'yes' as the browser sends it: the answer, its checkout, and this browser's cookies. */
async function paidYes(eventId: string, guests = 1) {
  const res = await postRsvp(t, eventId, rsvpInput({ guest_count: guests }));
  expect(res.status).toBe(201);
  const row = await rsvpRow(res.body.rsvp.id);
  return {
    rsvpId: res.body.rsvp.id as string,
    sessionId: sessionIdOf(res.body.checkout_url),
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    secret: row.manage_secret,
  };
}

const payNow = (secret: string) => t.request(`/api/public/rsvps/${secret}/checkout`, { method: 'POST' });
const myRsvp = async (eventId: string, cookie: string) =>
  (await (await t.request(`/api/public/events/${eventId}/my-rsvp`, { cookie })).json()).rsvp;
const managed = async (secret: string) => (await (await t.request(`/api/public/rsvps/${secret}`)).json()).rsvp;

const lapse = (rsvpId: string) => lapseHold(t, rsvpId);

describe("Stripe's cancel URL", () => {
  it("ends this browser's checkout at once: the seats of a full event are free, and back to the event", async () => {
    const e = await paidEvent({ max: 2 });
    const a = await paidYes(e.id, 2);
    expect((await postRsvp(t, e.id, rsvpInput())).status).toBe(409);
    // Another browser (no cookie) coming through the same URL changes nothing.
    const stranger = await t.request(`/api/public/events/${e.id}/checkout-cancelled`);
    expect(stranger.status).toBe(302);
    expect(await seatsTaken(e.id)).toBe(2);

    const back = await t.request(`/api/public/events/${e.id}/checkout-cancelled`, { cookie: a.cookie });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${TEST_ORIGIN}/event/${e.slug}`);
    expect(fake.sessions.get(a.sessionId)!.status).toBe('expired');
    expect(await seatsTaken(e.id)).toBe(0);
    expect(await rsvpRow(a.rsvpId)).toMatchObject({ status: 'declined', payment_status: 'expired' });
    expect((await postRsvp(t, e.id, rsvpInput({ guest_count: 2 }))).status).toBe(201);
    // Stripe's own expired webhook afterwards is the same release: nothing moves twice.
    expect((await sendWebhook(e.id, webhookBody('checkout.session.expired', a.sessionId))).status).toBe(200);
    expect(await seatsTaken(e.id)).toBe(2);
  });

  it('a checkout paid before the guest came back is fulfilled, not cancelled', async () => {
    const e = await paidEvent({ max: 5 });
    const a = await paidYes(e.id);
    fake.pay(a.sessionId);
    expect((await t.request(`/api/public/events/${e.id}/checkout-cancelled`, { cookie: a.cookie })).status).toBe(302);
    expect(await rsvpRow(a.rsvpId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await seatsTaken(e.id)).toBe(1);
  });
});

describe('Pay now (the manage link)', () => {
  it('an open checkout is reused; after the hold lapsed the seats are held again behind a new checkout, paid once', async () => {
    const e = await paidEvent({ max: 3, price: '20.00' });
    const a = await paidYes(e.id, 2);
    const first = await payNow(a.secret);
    expect(first.status).toBe(200);
    expect((await first.json()).checkout_url).toBe(`https://checkout.stripe.com/c/pay/${a.sessionId}`);
    expect(fake.sessions.size).toBeGreaterThan(0);
    const sessionsBefore = fake.sessions.size;

    await lapse(a.rsvpId);
    expect(await seatsTaken(e.id)).toBe(0);
    expect(await rsvpRow(a.rsvpId)).toMatchObject({ status: 'declined', payment_status: 'expired' });
    const again = await payNow(a.secret);
    expect(again.status).toBe(200);
    const url = (await again.json()).checkout_url as string;
    const next = sessionIdOf(url);
    expect(next).not.toBe(a.sessionId);
    expect(fake.sessions.size).toBe(sessionsBefore + 1);
    const row = await rsvpRow(a.rsvpId);
    expect(row).toMatchObject({ status: 'confirmed', payment_status: 'pending', checkout_session_id: next, payment_amount: 4000 });
    expect(fake.sessions.get(next)).toMatchObject({
      quantity: 2,
      unit_amount: 2000,
      idempotency_key: `checkout:${a.rsvpId}:${row.revision}`,
      metadata: { rsvp_id: a.rsvpId, event_id: e.id },
    });
    expect(await seatsTaken(e.id)).toBe(2);
    // A late expired webhook of the old checkout does not touch the new hold.
    expect((await sendWebhook(e.id, webhookBody('checkout.session.expired', a.sessionId))).status).toBe(200);
    expect(await seatsTaken(e.id)).toBe(2);
    // A second Pay now while it is open: the same checkout.
    expect((await (await payNow(a.secret)).json()).checkout_url).toBe(url);

    fake.pay(next);
    await Promise.all([verify(next), sendWebhook(e.id, webhookBody('checkout.session.completed', next))]);
    expect(await rsvpRow(a.rsvpId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotency_key, `payment:${next}:paid`)),
    ).toHaveLength(1);
    expect(await seatsTaken(e.id)).toBe(2);
    const paid = await payNow(a.secret);
    expect(paid.status).toBe(409);
    expect((await paid.json()).error.message).toBe(PAYMENT_MSG.alreadyPaid);
  });

  it('refused with the reason when the seats are gone, and nothing changes', async () => {
    const e = await paidEvent({ max: 2 });
    const a = await paidYes(e.id, 2);
    await lapse(a.rsvpId);
    const b = await paidYes(e.id);
    const res = await payNow(a.secret);
    expect(res.status).toBe(409);
    const { error } = await res.json();
    expect(error.code).toBe('capacity_exceeded');
    expect(error.message).toBe(`${PAYMENT_MSG.seatsGone} Sorry, this event is full. Only 1 seat is left.`);
    expect(await rsvpRow(a.rsvpId)).toMatchObject({ status: 'declined', payment_status: 'expired' });
    expect(await seatsTaken(e.id)).toBe(1);
    expect((await rsvpRow(b.rsvpId)).payment_status).toBe('pending');
  });

  it('an old checkout paid meanwhile is fulfilled instead of replaced', async () => {
    const e = await paidEvent({ max: 5 });
    const a = await paidYes(e.id);
    await t.db
      .update(event_rsvps)
      .set({ payment_hold_until: new Date(Date.now() - 1000) })
      .where(eq(event_rsvps.id, a.rsvpId));
    fake.pay(a.sessionId); // paid at Stripe before the sweep ended it
    const sessionsBefore = fake.sessions.size;
    const res = await payNow(a.secret);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(PAYMENT_MSG.alreadyPaid);
    expect(fake.sessions.size).toBe(sessionsBefore);
    expect(await rsvpRow(a.rsvpId)).toMatchObject({ status: 'confirmed', payment_status: 'paid', checkout_session_id: a.sessionId });
    expect(await seatsTaken(e.id)).toBe(1);
  });

  it('a checkout that cannot be opened gives the seats back; a free event has nothing to pay', async () => {
    const e = await paidEvent({ max: 5 });
    const a = await paidYes(e.id, 2);
    await lapse(a.rsvpId);
    fake.failNextCreates(1);
    const res = await payNow(a.secret);
    expect(res.status).toBe(502);
    expect((await res.json()).error.message).toBe(PAYMENT_MSG.checkoutFailed);
    expect(await seatsTaken(e.id)).toBe(0);
    expect((await rsvpRow(a.rsvpId)).payment_status).toBe('expired');
    expect((await payNow(a.secret)).status).toBe(200);
    expect(await seatsTaken(e.id)).toBe(2);

    const free = await insertEvent(t, { user_id: e.user_id });
    const f = await postRsvp(t, free.id, rsvpInput());
    const secret = (await rsvpRow(f.body.rsvp.id)).manage_secret;
    const none = await payNow(secret);
    expect(none.status).toBe(409);
    expect((await none.json()).error.message).toBe(PAYMENT_MSG.nothingToPay);
    expect((await payNow('x'.repeat(24))).status).toBe(404);
  });
});

describe('a waitlist offer on a paid event', () => {
  it('a claim whose checkout cannot open keeps the offer for its party; the next try opens it', async () => {
    const e = await paidEvent({ max: 1 });
    await t.db.update(events).set({ waitlist_offer_hours: 24 }).where(eq(events.id, e.id));
    const first = await paidYes(e.id);
    const joined = await t.request(`/api/public/events/${e.id}/waitlist`, {
      method: 'POST',
      json: { name: 'Wren', email: `wren-${Date.now()}@example.com`, guest_count: 1 },
    });
    expect(joined.status).toBe(201);
    const waiting = (await joined.json()).rsvp.id as string;
    await lapseHold(t, first.rsvpId); // the unpaid hold ends: its seat is offered to the line
    const offered = await rsvpRow(waiting);
    expect([offered.status, offered.offer_until]).toEqual(['offered', expect.any(Date)]);
    const claim = () => t.request(`/api/public/rsvps/${offered.manage_secret}/claim`, { method: 'POST' });
    fake.failNextCreates(1);
    const failed = await claim();
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.code).toBe('payment_failed');
    // Still the party's offer, until its own deadline; the seat still held for it.
    expect(await rsvpRow(waiting)).toMatchObject({ status: 'offered', offer_until: offered.offer_until, payment_status: null });
    expect(await seatsTaken(e.id)).toBe(1);
    const again = await claim();
    expect(again.status).toBe(200);
    expect((await again.json()).checkout_url).toMatch(/cs_/);
    expect(await rsvpRow(waiting)).toMatchObject({ status: 'confirmed', payment_status: 'pending' });
  });
});

describe('staff and a guest at the checkout', () => {
  it('declining or deleting a guest at the checkout ends it first: nothing can be paid for an answer that is gone', async () => {
    const host = await signedInUser(t);
    const e = await paidEvent({ max: 4 });
    await t.db.update(events).set({ user_id: host.id }).where(eq(events.id, e.id));
    const a = await paidYes(e.id, 2);
    const b = await paidYes(e.id, 2);
    const patch = await t.request(`/api/events/${e.id}/rsvps/${a.rsvpId}`, {
      method: 'PATCH',
      json: { status: 'maybe' },
      cookie: host.cookie,
    });
    expect(patch.status).toBe(200);
    expect(fake.sessions.get(a.sessionId)!.status).toBe('expired');
    expect(await rsvpRow(a.rsvpId)).toMatchObject({ status: 'maybe', payment_status: 'expired' });
    const del = await t.request(`/api/events/${e.id}/rsvps/${b.rsvpId}`, { method: 'DELETE', cookie: host.cookie });
    expect(del.status).toBe(204);
    expect(fake.sessions.get(b.sessionId)!.status).toBe('expired');
    expect(await seatsTaken(e.id)).toBe(0);
    expect(fake.refunds.filter((r) => [`refund:${a.rsvpId}`, `refund:${b.rsvpId}`].includes(r.idempotency_key ?? ''))).toHaveLength(0);
  });
});

describe('deleting a paid event', () => {
  it('is refused while a guest is paid, touching nothing; once that guest is cancelled (refunded) it ends the open checkout and goes', async () => {
    const host = await signedInUser(t);
    const e = await paidEvent({ max: 10 });
    await t.db.update(events).set({ user_id: host.id }).where(eq(events.id, e.id));
    const paid = await paidYes(e.id, 2);
    fake.pay(paid.sessionId);
    expect((await verify(paid.sessionId)).status).toBe(200);
    const atCheckout = await paidYes(e.id);
    const del = () => t.request(`/api/events/${e.id}`, { method: 'DELETE', cookie: host.cookie });

    const refused = await del();
    expect(refused.status).toBe(409);
    const { error } = await refused.json();
    expect(error.code).toBe('event_has_payments');
    expect(error.message).toContain('1 paid guest and 1 guest at the checkout');
    expect(await rsvpRow(paid.rsvpId)).toMatchObject({ payment_status: 'paid' });

    // Nothing was touched by the refusal: the guest at the checkout can still pay.
    expect(fake.sessions.get(atCheckout.sessionId)!.status).toBe('open');

    // Staff cancel the paid guest (refunded once); then the delete ends the other guest's checkout and goes.
    const cancel = await t.request(`/api/events/${e.id}/rsvps/${paid.rsvpId}`, {
      method: 'PATCH',
      json: { status: 'declined' },
      cookie: host.cookie,
    });
    expect(cancel.status).toBe(200);
    expect(fake.refunds.filter((r) => r.idempotency_key === `refund:${paid.rsvpId}`)).toHaveLength(1);
    expect((await del()).status).toBe(204);
    expect(fake.sessions.get(atCheckout.sessionId)!.status).toBe('expired');
    expect(fake.refunds.filter((r) => r.idempotency_key === `refund:${atCheckout.rsvpId}`)).toHaveLength(0);
    expect(await t.db.select({ id: events.id }).from(events).where(eq(events.id, e.id))).toHaveLength(0);
  });
});

describe('deleting a paid event: checkouts that could still be paid', () => {
  async function ownedPaidEvent() {
    const host = await signedInUser(t);
    const e = await paidEvent({ max: 10 });
    await t.db.update(events).set({ user_id: host.id }).where(eq(events.id, e.id));
    return { e, del: () => t.request(`/api/events/${e.id}`, { method: 'DELETE', cookie: host.cookie }) };
  }
  /** The hold released while Stripe could not be reached: the answer says expired, Stripe's session is still open. */
  const releasedWithoutStripe = (rsvpId: string) =>
    t.db
      .update(event_rsvps)
      .set({ payment_status: 'expired', status: 'declined', payment_hold_until: null })
      .where(eq(event_rsvps.id, rsvpId));

  it("an expired answer's session still open at Stripe is ended first, then the event goes", async () => {
    const { e, del } = await ownedPaidEvent();
    const a = await paidYes(e.id);
    await releasedWithoutStripe(a.rsvpId);
    expect(fake.sessions.get(a.sessionId)!.status).toBe('open');
    expect((await del()).status).toBe(204);
    expect(fake.sessions.get(a.sessionId)!.status).toBe('expired');
  });

  it('one paid meanwhile becomes a paid answer and the delete is refused', async () => {
    const { e, del } = await ownedPaidEvent();
    const a = await paidYes(e.id);
    await releasedWithoutStripe(a.rsvpId);
    fake.pay(a.sessionId);
    const refused = await del();
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toContain('1 paid guest');
    expect(await rsvpRow(a.rsvpId)).toMatchObject({ payment_status: 'paid' });
  });

  it('Stripe failing: 502 with the reason, and nothing is deleted', async () => {
    const { e, del } = await ownedPaidEvent();
    const a = await paidYes(e.id);
    await releasedWithoutStripe(a.rsvpId);
    fake.failExpires(true);
    try {
      const res = await del();
      expect(res.status).toBe(502);
      expect((await res.json()).error).toMatchObject({ code: 'payment_failed', message: expect.stringContaining('nothing was deleted') });
    } finally {
      fake.failExpires(false);
    }
    expect(await t.db.select({ id: events.id }).from(events).where(eq(events.id, e.id))).toHaveLength(1);
    expect((await del()).status).toBe(204);
  });

  it('a free event, or one whose checkouts are all closed, goes without asking Stripe', async () => {
    const { e, del } = await ownedPaidEvent();
    const before = fake.calls.length;
    expect((await del()).status).toBe(204);
    expect(fake.calls.length).toBe(before);
  });
});

describe('no oversell', () => {
  it('paid yeses, Pay now re-holds, cancelled checkouts and free maybes at once: the counter is the confirmed seats, never past the cap', async () => {
    const e = await paidEvent({ max: 6 });
    const lapsed = [await paidYes(e.id, 2), await paidYes(e.id, 2), await paidYes(e.id, 2)];
    for (const a of lapsed) await lapse(a.rsvpId);
    const leaving = [await paidYes(e.id), await paidYes(e.id)];
    expect(await seatsTaken(e.id)).toBe(2);
    const answers = await Promise.all([
      ...lapsed.map((a) => payNow(a.secret)),
      ...leaving.map((a) => t.request(`/api/public/events/${e.id}/checkout-cancelled`, { cookie: a.cookie })),
      ...Array.from({ length: 6 }, () => postRsvp(t, e.id, rsvpInput())),
      ...Array.from({ length: 4 }, () => postRsvp(t, e.id, rsvpInput({ status: 'maybe' }))),
    ]);
    expect(answers.every((r) => [200, 201, 302, 409].includes(r.status))).toBe(true);
    const rows = await t.db.select().from(event_rsvps).where(eq(event_rsvps.event_id, e.id));
    const held = rows.filter((r) => r.status === 'confirmed').reduce((n, r) => n + r.guest_count, 0);
    expect(await seatsTaken(e.id)).toBe(held);
    expect(held).toBeLessThanOrEqual(6);
    for (const r of rows.filter((x) => x.status === 'confirmed')) expect(r.payment_status).toBe('pending');
    expect(rows.filter((r) => r.status === 'maybe')).toHaveLength(4);
  });
});

describe('what the guest is told of the payment', () => {
  it('my-rsvp and the manage page: pending without a ticket, then paid with it; refunds and the amount', async () => {
    const e = await paidEvent({ refunds: true, price: '42.50' });
    const a = await paidYes(e.id, 2);
    expect(await myRsvp(e.id, a.cookie)).toMatchObject({ status: 'confirmed', payment_status: 'pending', ticket_url: null });
    const pending = await managed(a.secret);
    expect(pending).toMatchObject({ payment_status: 'pending', payment_amount: 8500, payment_currency: 'usd', ticket_url: null });
    expect(pending.event.guest_refunds_allowed).toBe(true);

    fake.pay(a.sessionId);
    await verify(a.sessionId);
    const mine = await myRsvp(e.id, a.cookie);
    expect(mine).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(mine.ticket_url).toMatch(/^\/ticket\//);
    expect((await managed(a.secret)).ticket_url).toBe(mine.ticket_url);
  });

  it("leaving 'yes' on the manage page while at the checkout ends it and frees the seats", async () => {
    const e = await paidEvent({ max: 3 });
    const a = await paidYes(e.id, 3);
    const res = await t.request(`/api/public/rsvps/${a.secret}`, {
      method: 'PUT',
      json: { name: 'Ada Guest', guest_count: 3, status: 'maybe' },
    });
    expect(res.status).toBe(200);
    expect(fake.sessions.get(a.sessionId)!.status).toBe('expired');
    expect(await rsvpRow(a.rsvpId)).toMatchObject({ status: 'maybe', payment_status: 'expired' });
    expect(await seatsTaken(e.id)).toBe(0);
    // Back to 'yes' goes through the checkout again.
    const yes = await t.request(`/api/public/rsvps/${a.secret}`, {
      method: 'PUT',
      json: { name: 'Ada Guest', guest_count: 3, status: 'confirmed' },
    });
    expect(yes.status).toBe(409);
    expect((await yes.json()).error.message).toMatch(/Pay now/);
    expect((await payNow(a.secret)).status).toBe(200);
    expect(await seatsTaken(e.id)).toBe(3);
  });

  it('the guest cancelling a pending answer ends its checkout at once', async () => {
    const e = await paidEvent({ max: 2 });
    const a = await paidYes(e.id, 2);
    const res = await t.request(`/api/public/rsvps/${a.secret}/cancel`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(fake.sessions.get(a.sessionId)!.status).toBe('expired');
    expect(await seatsTaken(e.id)).toBe(0);
    expect(fake.refunds.filter((r) => r.idempotency_key === `refund:${a.rsvpId}`)).toHaveLength(0);
  });
});
