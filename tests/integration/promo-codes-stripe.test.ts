import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema/events.ts';
import { outbox, type QueuedConfirmation } from '../../src/server/db/schema/outbox.ts';
import { promo_codes, ticket_types } from '../../src/server/db/schema/tickets.ts';
import { renderQueuedConfirmation } from '../../src/server/modules/rsvps/confirmation-email.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { createTestApp } from '../support/app.ts';
import { startFakeStripe } from '../support/fake-stripe.ts';
import { lapseHold, paidEventKit } from '../support/paid-events.ts';
import { order_tickets } from '../../src/server/db/schema/tickets.ts';

// A promo code and the event's tax and fee through the real `stripe` SDK against the local fake
// (docs/decisions/0033-promo-codes-and-charges.md): a one-off coupon of exactly the discount, named as the code,
// applied to the session, whose total is the order's; paid, the e-mail is the order's receipt.
const fake = await startFakeStripe();
const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error', PAYMENTS_PROVIDER: 'stripe', STRIPE_API_URL: fake.url });
afterAll(() => fake.close());
const { paidEvent, webhookBody, sendWebhook, sessionIdOf, rsvpRow } = paidEventKit(t, fake);

async function typedEvent(charges: Partial<typeof events.$inferInsert> = {}) {
  const e = await paidEvent({ currency: 'eur' });
  await t.db.update(events).set(charges).where(eq(events.id, e.id));
  const [vip, ga] = await t.db
    .insert(ticket_types)
    .values([
      { event_id: e.id, name: 'VIP', price: 6000, position: 0 },
      { event_id: e.id, name: 'General', price: 2500, position: 1 },
    ])
    .returning();
  return { e, vip: vip!, ga: ga! };
}

describe('promo codes at Stripe Checkout', () => {
  it('a mixed order with SPRING20: the session carries a coupon of the discount; its total is the order’s', async () => {
    const { e, vip, ga } = await typedEvent({ tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: true });
    await t.db.insert(promo_codes).values({ event_id: e.id, code: 'SPRING20', kind: 'percent', value: 20 });
    const { status, body } = await postRsvp(
      t,
      e.id,
      rsvpInput({
        tickets: [
          { type_id: vip.id, quantity: 1 },
          { type_id: ga.id, quantity: 2 },
        ],
        promo_code: 'SPRING20',
      }),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    const s = fake.sessions.get(sessionIdOf(body.checkout_url))!;
    // 60.00 + 2 × 25.00 = 110.00, 20% off every ticket = −22.00; VAT 20% is within the prices.
    expect(s.line_items).toEqual([
      expect.objectContaining({ unit_amount: expect.any(Number), description: 'incl. VAT 20%' }),
      expect.objectContaining({ description: 'incl. VAT 20%' }),
    ]);
    expect(s.line_items.map((l) => [l.unit_amount, l.quantity]).sort()).toEqual([
      [2500, 2],
      [6000, 1],
    ]);
    expect(s.discounts).toHaveLength(1);
    const coupon = fake.coupons.get(s.discounts[0]!.coupon)!;
    expect(coupon).toMatchObject({ amount_off: 2200, currency: 'eur', name: 'SPRING20', max_redemptions: 1, duration: 'once' });
    expect(s.total_details.amount_discount).toBe(2200);
    expect(s.amount_total).toBe(8800);
    const row = await rsvpRow(body.rsvp.id);
    // Inclusive VAT on 48.00 + 2 × 20.00: 8.00 + 2 × 3.33.
    expect(row).toMatchObject({ payment_amount: 8800, discount_amount: 2200, tax_amount: 800 + 333 + 333, fee_amount: 0 });

    fake.pay(s.id);
    expect((await sendWebhook(e.id, webhookBody('checkout.session.completed', s.id))).status).toBe(200);
    expect((await rsvpRow(body.rsvp.id)).payment_status).toBe('paid');
    expect(coupon.times_redeemed).toBe(1);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, `payment:${s.id}:paid`));
    const rendered = renderQueuedConfirmation(mail!.payload as QueuedConfirmation);
    expect(rendered.text).toMatch(/Receipt · order [A-Z0-9]{8}/);
    expect(rendered.text).toContain('VIP × 1: €60.00');
    expect(rendered.text).toContain('General × 2: €50.00');
    expect(rendered.text).toContain('Promo code SPRING20: −€22.00');
    expect(rendered.text).toContain('Total: €88.00');
    expect(rendered.text).toContain('Of which VAT 20%: €14.66');
    expect(rendered.html).toContain('Promo code SPRING20');
  });

  it('a booking fee and an exclusive tax are line items; no code, no coupon', async () => {
    const { e, vip } = await typedEvent({ tax_name: 'Sales tax', tax_rate_bp: 825, booking_fee: 199 });
    const { status, body } = await postRsvp(t, e.id, rsvpInput({ tickets: [{ type_id: vip.id, quantity: 2 }] }));
    expect(status, JSON.stringify(body)).toBe(201);
    const s = fake.sessions.get(sessionIdOf(body.checkout_url))!;
    // Each ticket 60.00 + 1.99 fee = 61.99, tax 8.25% = 5.11 (5.114…): 2 × 67.10.
    expect(s.line_items.map((l) => [l.name, l.unit_amount, l.quantity])).toEqual([
      ['VIP', 6000, 2],
      ['Booking fee', 199, 2],
      ['Sales tax (8.25%)', 1022, 1],
    ]);
    expect(s.discounts).toEqual([]);
    expect(s.amount_total).toBe(13420);
    expect((await rsvpRow(body.rsvp.id)).payment_amount).toBe(13420);
  });

  it('Pay now after a lapsed hold: the order’s lines, fee, tax and coupon again; the session’s total is its stored amount', async () => {
    const { e, vip, ga } = await typedEvent({ tax_name: 'VAT', tax_rate_bp: 2000, booking_fee: 150 });
    await t.db.insert(promo_codes).values({ event_id: e.id, code: 'SPRING20', kind: 'percent', value: 20 });
    const { status, body } = await postRsvp(
      t,
      e.id,
      rsvpInput({
        tickets: [
          { type_id: vip.id, quantity: 2 },
          { type_id: ga.id, quantity: 1 },
        ],
        promo_code: 'SPRING20',
      }),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    const first = fake.sessions.get(sessionIdOf(body.checkout_url))!;
    // VIP 2 × (60.00 − 12.00 + 1.50 + VAT 9.90) = 2 × 59.40; General 25.00 − 5.00 + 1.50 + VAT 4.30 = 25.80.
    const total = 2 * 5940 + 2580;
    expect(first.amount_total).toBe(total);
    await lapseHold(t, body.rsvp.id);
    const row = await rsvpRow(body.rsvp.id);
    const res = await t.request(`/api/public/rsvps/${row.manage_secret}/checkout`, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(200);
    const s = fake.sessions.get(sessionIdOf((await res.json()).checkout_url))!;
    expect(s.id).not.toBe(first.id);
    expect(s.line_items.map((l) => [l.name, l.unit_amount, l.quantity])).toEqual(
      first.line_items.map((l) => [l.name, l.unit_amount, l.quantity]),
    );
    // The types in type-id order (as a new order's), then the fee and the exclusive tax.
    expect(
      s.line_items
        .slice(0, 2)
        .map((l) => [l.name, l.unit_amount, l.quantity])
        .sort(),
    ).toEqual([
      ['General', 2500, 1],
      ['VIP', 6000, 2],
    ]);
    expect(s.line_items.slice(2).map((l) => [l.name, l.unit_amount, l.quantity])).toEqual([
      ['Booking fee', 150, 3],
      ['VAT (20%)', 990 + 990 + 430, 1],
    ]);
    const coupon = fake.coupons.get(s.discounts[0]!.coupon)!;
    expect(coupon).toMatchObject({ amount_off: 2900, currency: 'eur', name: 'SPRING20' });
    expect(s.amount_total).toBe(total);
    expect(await rsvpRow(body.rsvp.id)).toMatchObject({ status: 'confirmed', payment_status: 'pending', payment_amount: total });

    fake.pay(s.id);
    expect((await sendWebhook(e.id, webhookBody('checkout.session.completed', s.id))).status).toBe(200);
    expect(await rsvpRow(body.rsvp.id)).toMatchObject({ payment_status: 'paid', payment_amount: total });
    const tickets = await t.db.select().from(order_tickets).where(eq(order_tickets.rsvp_id, body.rsvp.id));
    expect(tickets.reduce((n, x) => n + x.paid_amount, 0)).toBe(total);
  });
});
