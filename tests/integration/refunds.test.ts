import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import Papa from 'papaparse';
import type { TOfflineSnapshot } from '../../src/common/schemas/checkin-offline.ts';
import { afterAll, describe, expect, it } from 'vitest';
import type { TTicketType } from '../../src/common/schemas/ticket-types.ts';
import { sealSecret } from '../../src/server/crypto/secret-box.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { payment_refunds } from '../../src/server/db/schema/payments.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { order_tickets, ticket_types } from '../../src/server/db/schema/tickets.ts';
import { webhook_deliveries, webhook_endpoints } from '../../src/server/db/schema/webhooks.ts';
import { secretKeyContext } from '../../src/server/domain/event-values.ts';
import { hostRefundEmailKey } from '../../src/server/modules/payments/finish-refund.ts';
import { cancelRefundEmailKey } from '../../src/server/modules/payments/refund-rsvp.ts';
import { WEBHOOK_PAYLOADS } from '../../src/server/modules/webhooks/payloads.openapi.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';
import { startFakeStripe } from '../support/fake-stripe.ts';
import { SECRET_KEY } from '../support/paid-events.ts';

/**
 * A host's refunds (docs/product.md#refunds, docs/decisions/0034-refunds-per-ticket.md) through the real `stripe` SDK
 * against the local fake: per ticket, an amount, the whole order; the exact amount confirmed; seats and type counters
 * given back; the door's verdict; the guest's e-mail; the guest list and CSV; the webhook; and a race for one ticket.
 */
const fake = await startFakeStripe();
afterAll(() => fake.close());
const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error', PAYMENTS_PROVIDER: 'stripe', STRIPE_API_URL: fake.url });
const owner = await signedInUser(t);
const api = (path: string, init: { method?: string; json?: unknown } = {}, who = owner) => t.request(path, { ...init, cookie: who.cookie });

async function addType(eventId: string, json: Record<string, unknown>): Promise<TTicketType> {
  const res = await api(`/api/events/${eventId}/ticket-types`, { method: 'POST', json });
  expect(res.status).toBe(201);
  return (await res.json()).ticket_type;
}

/** A paid event of the owner on the fake Stripe with VIP (€50, 5 on sale) and General (€20), and one paid order of 2 VIP + 1 General. */
async function paidOrder(charges: Partial<typeof events.$inferInsert> = {}) {
  const e = await createEvent(t, owner, paidEventInput({ currency: 'eur', max_attendees: 20 }));
  await t.db
    .update(events)
    .set({ stripe_secret_key_enc: sealSecret(t.env.ENCRYPTION_KEY, SECRET_KEY, secretKeyContext(e.id)), ...charges })
    .where(eq(events.id, e.id));
  const vip = await addType(e.id, { name: 'VIP', price: 5000, quantity: 5 });
  const ga = await addType(e.id, { name: 'General', price: 2000 });
  const guest = rsvpInput({
    email: `ada-${randomUUID().slice(0, 8)}@example.com`,
    tickets: [
      { type_id: vip.id, quantity: 2 },
      { type_id: ga.id, quantity: 1 },
    ],
  });
  const { status, body } = await postRsvp(t, e.id, guest);
  expect(status, JSON.stringify(body)).toBe(201);
  const sessionId = /(cs_\w+)$/.exec(body.checkout_url)![1]!;
  const paid = fake.pay(sessionId);
  const v = await t.request(`/api/public/payments/verify?session_id=${sessionId}`);
  expect((await v.json()).payment_status).toBe('paid');
  const tickets = await t.db
    .select({ id: order_tickets.id, pin: order_tickets.pin, type: order_tickets.ticket_type_id, number: order_tickets.number })
    .from(order_tickets)
    .where(eq(order_tickets.rsvp_id, body.rsvp.id));
  const vip1 = tickets.find((x) => x.type === vip.id && x.number === 1)!;
  const vip2 = tickets.find((x) => x.type === vip.id && x.number === 2)!;
  const gen = tickets.find((x) => x.type === ga.id)!;
  return { e, vip, ga, rsvpId: body.rsvp.id as string, email: guest.email as string, pi: paid.payment_intent!, vip1, vip2, gen };
}

const refund = (eventId: string, rsvpId: string, json: Record<string, unknown>, who = owner) =>
  api(`/api/events/${eventId}/rsvps/${rsvpId}/refunds`, { method: 'POST', json }, who);
const row = async (id: string) => (await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id)))[0]!;
const typeTaken = async (id: string) =>
  (await t.db.select({ n: ticket_types.seats_taken }).from(ticket_types).where(eq(ticket_types.id, id)))[0]!.n;
const eventTaken = async (id: string) => (await t.db.select({ n: events.seats_taken }).from(events).where(eq(events.id, id)))[0]!.n;
/** Each ticket of the order as an offline door's copy of the guest list has it: its refund, if any. */
const offlineRefunds = async (eventId: string, rsvpId: string) => {
  const snapshot = (await (await api(`/api/checkin/${eventId}/offline`, { method: 'POST', json: {} })).json()) as TOfflineSnapshot;
  const guest = snapshot.guests.find((g) => g.rsvp_id === rsvpId)!;
  return Object.fromEntries(guest.tickets.map((x) => [x.id, x.refund]));
};
const refundedAtStripe = (pi: string) => fake.refunds.filter((r) => r.payment_intent === pi);
const scan = async (eventId: string, pin: string) => {
  const res = await api(`/api/checkin/${eventId}/redeem`, { method: 'POST', json: { nonce: randomUUID(), device: 'Door', code: pin } });
  return res.json();
};

describe('refunds per ticket', () => {
  it('refunds one ticket: Stripe gets that amount once; its seat is free, it stops admitting; the guest is e-mailed', async () => {
    const o = await paidOrder();
    expect(await typeTaken(o.vip.id)).toBe(2);
    expect(await eventTaken(o.e.id)).toBe(3);
    // The amount the host saw must be the amount made: another figure is refused and nothing moves.
    const wrong = await refund(o.e.id, o.rsvpId, { ticket_ids: [o.vip1.id], expected_amount: 4000 });
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).error.fields.expected_amount).toContain('€50.00');
    expect(refundedAtStripe(o.pi)).toHaveLength(0);

    const res = await refund(o.e.id, o.rsvpId, { ticket_ids: [o.vip1.id], expected_amount: 5000 });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body.refund).toMatchObject({ amount: 5000, currency: 'eur', tickets: ['VIP · 1 of 2'], order_refunded: false });
    expect(refundedAtStripe(o.pi)).toEqual([
      { id: expect.stringMatching(/^re_/), payment_intent: o.pi, amount: 5000, idempotency_key: `refund:${body.refund.id}` },
    ]);
    expect(await row(o.rsvpId)).toMatchObject({ payment_status: 'paid', status: 'confirmed', refunded_amount: 5000, guest_count: 2 });
    expect(await typeTaken(o.vip.id)).toBe(1);
    expect(await typeTaken(o.ga.id)).toBe(1);
    expect(await eventTaken(o.e.id)).toBe(2);
    // The guest list: the order is partly refunded, the ticket says what went back.
    expect(body.rsvp.refunded_amount).toBe(5000);
    expect(body.rsvp.tickets.map((x: { label: string; refunded_amount: number | null }) => [x.label, x.refunded_amount])).toEqual([
      ['VIP · 1 of 2', 5000],
      ['VIP · 2 of 2', null],
      ['General · 1 of 1', null],
    ]);
    // The door: the refunded ticket is refused as refunded; the others still admit.
    expect(await scan(o.e.id, o.vip1.pin)).toMatchObject({ ok: false, reason: 'refunded' });
    const verify = await (await api(`/api/checkin/${o.e.id}/verify`, { method: 'POST', json: { code: o.vip1.pin } })).json();
    expect(verify.reason).toBe('refunded');
    expect(await scan(o.e.id, o.vip2.pin)).toMatchObject({ ok: true, admitted: 1 });
    // The door's figures count the tickets that still admit.
    const stats = await (await api(`/api/checkin/${o.e.id}/stats`)).json();
    expect(stats.guests).toEqual({ total: 2, checked_in: 1, pending: 1 });
    expect(stats.by_type.find((x: { name: string }) => x.name === 'VIP').counts).toEqual({ total: 1, checked_in: 1, pending: 0 });
    // The guest's e-mail: what was refunded and how much.
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, hostRefundEmailKey(body.refund.id)));
    const p = mail!.payload as EmailPayload;
    expect(p.to).toBe(o.email);
    expect(p.subject).toContain('€50.00 refunded');
    expect(p.text).toContain('€50.00');
    expect(p.text).toContain('VIP · 1 of 2');
    // The same ticket again: refused, nothing more at Stripe.
    const again = await refund(o.e.id, o.rsvpId, { ticket_ids: [o.vip1.id], expected_amount: 5000 });
    expect(again.status).toBe(409);
    expect(refundedAtStripe(o.pi)).toHaveLength(1);
    // A ticket used at the door is refunded by an amount, not as a ticket.
    expect((await refund(o.e.id, o.rsvpId, { ticket_ids: [o.vip2.id], expected_amount: 5000 })).status).toBe(409);
    // The CSV shows it per ticket and for the order.
    const csv = await (await api(`/api/events/${o.e.id}/rsvps.csv`)).text();
    const [rec] = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rec!.Refunded).toBe('50.00');
    expect(rec!.Tickets).toContain('VIP · 1 of 2 · 50.00 · refunded 50.00');
  });

  it('an amount, then the whole order: never more than was paid; the order ends refunded with every seat free', async () => {
    const o = await paidOrder();
    // An amount less than what is left; all of it is "the whole order".
    expect((await refund(o.e.id, o.rsvpId, { amount: 12000, expected_amount: 12000 })).status).toBe(409);
    const part = await refund(o.e.id, o.rsvpId, { amount: 1050, expected_amount: 1050 });
    expect(part.status).toBe(200);
    expect((await part.json()).refund).toMatchObject({ amount: 1050, tickets: [], order_refunded: false });
    expect(await row(o.rsvpId)).toMatchObject({ refunded_amount: 1050, guest_count: 3 });
    expect(await eventTaken(o.e.id)).toBe(3);
    // Tickets now cost more than is left only when all are chosen: then all that is left goes.
    const whole = await refund(o.e.id, o.rsvpId, { expected_amount: 12000 - 1050 });
    expect(whole.status, await whole.clone().text()).toBe(200);
    const body = await whole.json();
    expect(body.refund).toMatchObject({
      amount: 10950,
      order_refunded: true,
      tickets: ['VIP · 1 of 2', 'VIP · 2 of 2', 'General · 1 of 1'],
    });
    expect(refundedAtStripe(o.pi).map((r) => r.amount)).toEqual([1050, 10950]);
    expect(await row(o.rsvpId)).toMatchObject({ payment_status: 'refunded', status: 'declined', refunded_amount: 12000 });
    expect(await typeTaken(o.vip.id)).toBe(0);
    expect(await typeTaken(o.ga.id)).toBe(0);
    expect(await eventTaken(o.e.id)).toBe(0);
    expect(await scan(o.e.id, o.gen.pin)).toMatchObject({ ok: false, reason: 'refunded' });
    const refunded = await t.db.select({ a: order_tickets.refunded_amount }).from(order_tickets).where(eq(order_tickets.rsvp_id, o.rsvpId));
    expect(refunded.reduce((s, x) => s + x.a!, 0)).toBe(10950);
    expect((await refund(o.e.id, o.rsvpId, { amount: 100, expected_amount: 100 })).status).toBe(409);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, hostRefundEmailKey(body.refund.id)));
    expect((mail!.payload as EmailPayload).text).toContain('€109.50');
  });

  it('cancelling a partly refunded order refunds the rest once; every counter ends at zero', async () => {
    const o = await paidOrder();
    expect((await refund(o.e.id, o.rsvpId, { ticket_ids: [o.vip1.id], expected_amount: 5000 })).status).toBe(200);
    const cancel = await api(`/api/events/${o.e.id}/rsvps/${o.rsvpId}`, { method: 'PATCH', json: { status: 'declined' } });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(refundedAtStripe(o.pi).map((r) => r.amount)).toEqual([5000, 7000]);
    expect(await row(o.rsvpId)).toMatchObject({ payment_status: 'refunded', status: 'declined', refunded_amount: 12000 });
    // The guest is told what the cancellation gave back (€70.00), not the whole payment.
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, cancelRefundEmailKey(o.rsvpId)));
    const p = mail!.payload as EmailPayload;
    expect(p.text).toContain('€70.00');
    expect(p.text).not.toContain('€120.00');
    expect(await typeTaken(o.vip.id)).toBe(0);
    expect(await typeTaken(o.ga.id)).toBe(0);
    expect(await eventTaken(o.e.id)).toBe(0);
    const rows = await t.db
      .select({ amount: payment_refunds.amount, reason: payment_refunds.reason })
      .from(payment_refunds)
      .where(eq(payment_refunds.rsvp_id, o.rsvpId));
    expect(rows.sort((a, b) => a.amount - b.amount)).toEqual([
      { amount: 5000, reason: 'host' },
      { amount: 7000, reason: 'cancelled' },
    ]);
  });

  it('Stripe refusing: 502 with its reason, the claim goes and the ticket can be refunded again', async () => {
    const o = await paidOrder();
    // Stripe already gave everything back (a refund made in its dashboard): the next refund is refused there.
    fake.refunds.push({ id: 're_dashboard', payment_intent: o.pi, amount: 12000, idempotency_key: null });
    const res = await refund(o.e.id, o.rsvpId, { ticket_ids: [o.gen.id], expected_amount: 2000 });
    expect(res.status).toBe(502);
    expect((await res.json()).error.message).toContain('greater than unrefunded amount');
    expect(await t.db.select().from(payment_refunds).where(eq(payment_refunds.rsvp_id, o.rsvpId))).toEqual([]);
    expect(await row(o.rsvpId)).toMatchObject({ payment_status: 'paid', refunded_amount: 0, guest_count: 3 });
    fake.refunds.splice(
      fake.refunds.findIndex((r) => r.id === 're_dashboard'),
      1,
    );
    expect((await refund(o.e.id, o.rsvpId, { ticket_ids: [o.gen.id], expected_amount: 2000 })).status).toBe(200);
  });

  it('bad input names the field; a co-host is told only the owner refunds; a stranger finds nothing', async () => {
    const o = await paidOrder();
    const both = await refund(o.e.id, o.rsvpId, { ticket_ids: [o.gen.id], amount: 100, expected_amount: 100 });
    expect(both.status).toBe(400);
    expect((await both.json()).error.fields).toHaveProperty('amount');
    const cents = await refund(o.e.id, o.rsvpId, { amount: 10.5, expected_amount: 10.5 });
    expect(cents.status).toBe(400);
    const other = await refund(o.e.id, o.rsvpId, { ticket_ids: [randomUUID()], expected_amount: 100 });
    expect(other.status).toBe(400);
    expect((await other.json()).error.fields.ticket_ids).toBe('No such ticket in this order.');
    const cohost = await signedInUser(t);
    expect((await api(`/api/events/${o.e.id}/hosts`, { method: 'POST', json: { email: cohost.email } })).status).toBe(201);
    const asCohost = await refund(o.e.id, o.rsvpId, { ticket_ids: [o.gen.id], expected_amount: 2000 }, cohost);
    expect(asCohost.status).toBe(403);
    expect((await asCohost.json()).error.message).toBe("Only the event's owner can refund payments.");
    expect((await refund(o.e.id, o.rsvpId, { ticket_ids: [o.gen.id], expected_amount: 2000 }, await signedInUser(t))).status).toBe(404);
    expect(refundedAtStripe(o.pi)).toHaveLength(0);
  });

  it('payment.refunded carries the amount and the tickets, each with what it was paid', async () => {
    // A booking fee of €1.50 a ticket: each ticket paid its price and its fee.
    const o = await paidOrder({ booking_fee: 150 });
    const [ep] = await t.db
      .insert(webhook_endpoints)
      .values({
        user_id: owner.id,
        event_id: o.e.id,
        url: 'https://hooks.example.com/x',
        event_types: ['payment.refunded'],
        secret_enc: 'x',
      })
      .returning({ id: webhook_endpoints.id });
    const res = await refund(o.e.id, o.rsvpId, { ticket_ids: [o.vip2.id, o.gen.id], expected_amount: 7300 });
    expect(res.status, await res.clone().text()).toBe(200);
    const msgs = await t.db
      .select()
      .from(webhook_deliveries)
      .where(and(eq(webhook_deliveries.endpoint_id, ep!.id)));
    expect(msgs).toHaveLength(1);
    const payload = msgs[0]!.payload as { data: Record<string, unknown> };
    expect(WEBHOOK_PAYLOADS['payment.refunded'].safeParse(payload).success).toBe(true);
    expect(payload.data).toMatchObject({
      rsvp: { id: o.rsvpId, party_size: 1, payment: { status: 'paid', amount: 12450, refunded_amount: 7300 } },
      refund: {
        amount: 7300,
        currency: 'eur',
        reason: 'host',
        tickets: [
          { type: 'VIP', number: 2, of: 2, amount: 5150, refunded_amount: 5150 },
          { type: 'General', number: 1, of: 1, amount: 2150, refunded_amount: 2150 },
        ],
      },
    });
  });
});

describe('a refund under way at Stripe', () => {
  it('the door refuses its ticket until it is done, and an admission by the order leaves it out', async () => {
    const o = await paidOrder();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    fake.delayRefunds(() => gate);
    try {
      const pending = refund(o.e.id, o.rsvpId, { ticket_ids: [o.vip1.id], expected_amount: 5000 });
      // The claim is made (under the order's lock) before Stripe is asked; Stripe has not answered yet.
      for (let i = 0; i < 200; i++) {
        const [c] = await t.db.select().from(payment_refunds).where(eq(payment_refunds.rsvp_id, o.rsvpId));
        if (c) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(await row(o.rsvpId)).toMatchObject({ payment_status: 'paid', refunded_amount: 0, guest_count: 3 });
      expect(await scan(o.e.id, o.vip1.pin)).toMatchObject({ ok: false, reason: 'refunded' });
      // An offline door's copy knows the ticket and that its refund is under way (it says "Refunded" too).
      expect(await offlineRefunds(o.e.id, o.rsvpId)).toEqual({ [o.vip1.id]: 'under_way', [o.vip2.id]: null, [o.gen.id]: null });
      const verify = await (await api(`/api/checkin/${o.e.id}/verify`, { method: 'POST', json: { code: o.vip1.pin } })).json();
      expect(verify.reason).toBe('refunded');
      // By the order (the guest list's check-in): its 2 other admissions, not the one being refunded.
      const byOrder = async (count?: number) =>
        (
          await api(`/api/checkin/${o.e.id}/redeem`, {
            method: 'POST',
            json: { nonce: randomUUID(), device: 'Door', rsvp_id: o.rsvpId, ...(count ? { count } : {}) },
          })
        ).json();
      expect(await byOrder(3)).toMatchObject({ ok: false, reason: 'too_many' });
      expect(await byOrder()).toMatchObject({ ok: true, admitted: 2 });
      release();
      const res = await pending;
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await row(o.rsvpId)).toMatchObject({ refunded_amount: 5000, guest_count: 2, checked_in_count: 2 });
      expect(await scan(o.e.id, o.vip1.pin)).toMatchObject({ ok: false, reason: 'refunded' });
      expect((await offlineRefunds(o.e.id, o.rsvpId))[o.vip1.id]).toBe('done');
    } finally {
      release();
      fake.delayRefunds(undefined);
    }
  });
});

describe('a cancellation racing a host refund', () => {
  it('the cancellation claims what is left under the order’s lock: a host refund meanwhile is refused, one refund in all', async () => {
    const o = await paidOrder();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    fake.delayRefunds(() => gate);
    try {
      const cancel = api(`/api/events/${o.e.id}/rsvps/${o.rsvpId}`, { method: 'PATCH', json: { status: 'declined' } });
      for (let i = 0; i < 200; i++) {
        const [c] = await t.db.select().from(payment_refunds).where(eq(payment_refunds.rsvp_id, o.rsvpId));
        if (c) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      const [claim] = await t.db.select().from(payment_refunds).where(eq(payment_refunds.rsvp_id, o.rsvpId));
      expect(claim).toMatchObject({ status: 'pending', reason: 'cancelled', amount: 12000 });
      // The host's refund of a ticket while Stripe answers the cancellation: refused, nothing asked of Stripe.
      const host = await refund(o.e.id, o.rsvpId, { ticket_ids: [o.gen.id], expected_amount: 2000 });
      expect(host.status).toBe(409);
      release();
      const res = await cancel;
      expect(res.status, await res.clone().text()).toBe(200);
      expect(refundedAtStripe(o.pi).map((r) => r.amount)).toEqual([12000]);
      expect(await row(o.rsvpId)).toMatchObject({ payment_status: 'refunded', status: 'declined', refunded_amount: 12000 });
      expect(await t.db.select({ s: payment_refunds.status }).from(payment_refunds).where(eq(payment_refunds.rsvp_id, o.rsvpId))).toEqual([
        { s: 'succeeded' },
      ]);
      expect(await eventTaken(o.e.id)).toBe(0);
    } finally {
      release();
      fake.delayRefunds(undefined);
    }
  });
});

describe('refunds under a race', () => {
  it('20 concurrent requests for one ticket, 10 for the whole order: one refund each time, never more than was paid', async () => {
    const o = await paidOrder();
    // A slow Stripe, so that the requests overlap while it answers.
    fake.delayRefunds(() => new Promise((r) => setTimeout(r, 50)));
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => refund(o.e.id, o.rsvpId, { ticket_ids: [o.vip1.id], expected_amount: 5000 })),
      );
      const codes = results.map((r) => r.status).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      expect(refundedAtStripe(o.pi).map((r) => r.amount)).toEqual([5000]);
      expect(await row(o.rsvpId)).toMatchObject({ refunded_amount: 5000, guest_count: 2 });
      expect(await typeTaken(o.vip.id)).toBe(1);
      expect(await eventTaken(o.e.id)).toBe(2);

      const wholes = await Promise.all(Array.from({ length: 10 }, () => refund(o.e.id, o.rsvpId, { expected_amount: 7000 })));
      expect(wholes.map((r) => r.status).filter((c) => c === 200)).toHaveLength(1);
      expect(refundedAtStripe(o.pi).reduce((s, r) => s + r.amount, 0)).toBe(12000);
      expect(await row(o.rsvpId)).toMatchObject({ refunded_amount: 12000, payment_status: 'refunded', status: 'declined' });
      expect(await typeTaken(o.vip.id)).toBe(0);
      expect(await typeTaken(o.ga.id)).toBe(0);
      expect(await eventTaken(o.e.id)).toBe(0);
      const mails = await t.db.select({ k: outbox.idempotency_key }).from(outbox).where(like(outbox.idempotency_key, 'refund:%:email'));
      const refundIds = (
        await t.db.select({ id: payment_refunds.id }).from(payment_refunds).where(eq(payment_refunds.rsvp_id, o.rsvpId))
      ).map((r) => r.id);
      expect(refundIds).toHaveLength(2);
      expect(mails.filter((m) => refundIds.some((id) => m.k === hostRefundEmailKey(id)))).toHaveLength(2);
    } finally {
      fake.delayRefunds(undefined);
    }
  });
});
