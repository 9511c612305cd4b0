import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { TPromoCode } from '../../src/common/schemas/promo-codes.ts';
import type { TTicketType } from '../../src/common/schemas/ticket-types.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { order_tickets, promo_codes } from '../../src/server/db/schema/tickets.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, secondApp, TEST_ORIGIN } from '../support/app.ts';
import { lapseHold } from '../support/paid-events.ts';
import { RefundRefused } from '../../src/server/integrations/payment-provider.ts';
import { sandboxProvider } from '../../src/server/modules/payments/sandbox-provider.ts';

/**
 * Promo codes, taxes and fees (docs/product.md#promo-codes, docs/product.md#taxes-and-fees,
 * docs/decisions/0033-promo-codes-and-charges.md) on the sandbox provider: the host's codes and charges, the guest's
 * check, an order priced with them and its checkout, what each ticket paid, the guest list and CSV, hidden types a
 * code unlocks, and a use limit under a race with its uses given back as holds end.
 */
const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error', PAYMENTS_PROVIDER: 'sandbox' });
const owner = await signedInUser(t);
const api = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: owner.cookie });

async function addType(eventId: string, json: Record<string, unknown>): Promise<TTicketType> {
  const res = await api(`/api/events/${eventId}/ticket-types`, { method: 'POST', json });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await res.json()).ticket_type;
}
async function addCode(eventId: string, json: Record<string, unknown>): Promise<TPromoCode> {
  const res = await api(`/api/events/${eventId}/promo-codes`, { method: 'POST', json });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await res.json()).promo_code;
}
const check = async (eventId: string, code: string, app = t) => {
  const res = await app.request(`/api/public/events/${eventId}/promo-codes/check`, { method: 'POST', json: { code } });
  return { status: res.status, body: await res.json() };
};
const order = (eventId: string, tickets: { type_id: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
  postRsvp(t, eventId, rsvpInput({ tickets, ...extra }));
const usesOf = async (id: string) => (await t.db.select({ n: promo_codes.uses }).from(promo_codes).where(eq(promo_codes.id, id)))[0]!.n;

async function paidTypedEvent() {
  const e = await createEvent(t, owner, paidEventInput({ currency: 'eur', max_attendees: 200 }));
  const vip = await addType(e.id, { name: 'VIP', price: 5000 });
  const ga = await addType(e.id, { name: 'General', price: 2000 });
  const crew = await addType(e.id, { name: 'Crew', price: 1000, hidden: true });
  return { e, vip, ga, crew };
}

describe('promo codes: the host', () => {
  it('adds, lists, changes and deletes codes; codes are kept upper-case', async () => {
    const { e, vip } = await paidTypedEvent();
    const code = await addCode(e.id, { code: ' spring20 ', kind: 'percent', value: 20, type_ids: [vip.id], max_uses: 50, per_order: 2 });
    expect(code).toMatchObject({ code: 'SPRING20', kind: 'percent', value: 20, type_ids: [vip.id], max_uses: 50, uses: 0, per_order: 2 });
    const list = (await (await api(`/api/events/${e.id}/promo-codes`)).json()).promo_codes;
    expect(list.map((c: TPromoCode) => c.code)).toEqual(['SPRING20']);
    const patched = await api(`/api/events/${e.id}/promo-codes/${code.id}`, { method: 'PATCH', json: { value: 25, expires_at: null } });
    expect(patched.status).toBe(200);
    expect((await patched.json()).promo_code.value).toBe(25);
    expect((await api(`/api/events/${e.id}/promo-codes/${code.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/api/events/${e.id}/promo-codes/${code.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses bad codes with the field and the reason', async () => {
    const { e } = await paidTypedEvent();
    const other = await paidTypedEvent();
    const bad = async (json: Record<string, unknown>, field: string, status = 400) => {
      const res = await api(`/api/events/${e.id}/promo-codes`, { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(Object.keys((await res.json()).error.fields ?? {})).toContain(field);
    };
    await bad({ code: 'no spaces', kind: 'percent', value: 10 }, 'code');
    await bad({ code: 'AB', kind: 'percent', value: 10 }, 'code');
    await bad({ code: 'HALF', kind: 'percent', value: 120 }, 'value');
    await bad({ code: 'HALF', kind: 'amount', value: -1 }, 'value');
    await bad({ code: 'HALF', kind: 'amount', value: 100, type_ids: [other.vip.id] }, 'type_ids');
    await bad({ code: 'HALF', kind: 'amount', value: 100, per_order: 11 }, 'per_order');
    await addCode(e.id, { code: 'TWICE', kind: 'amount', value: 100 });
    await bad({ code: 'twice', kind: 'amount', value: 100 }, 'code', 409);
    const used = await addCode(e.id, { code: 'LIMITED', kind: 'amount', value: 100, max_uses: 3 });
    await t.db.update(promo_codes).set({ uses: 2 }).where(eq(promo_codes.id, used.id));
    const below = await api(`/api/events/${e.id}/promo-codes/${used.id}`, { method: 'PATCH', json: { max_uses: 1 } });
    expect(below.status).toBe(409);
    expect((await below.json()).error.fields).toHaveProperty('max_uses');
  });

  it('sets the tax and booking fee; the event page shows them', async () => {
    const { e } = await paidTypedEvent();
    const res = await api(`/api/events/${e.id}/charges`, {
      method: 'PUT',
      json: { tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: false, booking_fee: 150 },
    });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    expect((await (await api(`/api/events/${e.id}/charges`)).json()).charges).toEqual({
      tax_name: 'VAT',
      tax_rate_bp: 2000,
      tax_inclusive: false,
      booking_fee: 150,
    });
    const pub = (await (await t.request(`/api/public/events/${e.id}`)).json()).event;
    expect(pub.charges).toEqual({ tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: false, booking_fee: 150 });
    const bad = await api(`/api/events/${e.id}/charges`, {
      method: 'PUT',
      json: { tax_name: 'VAT', tax_rate_bp: null, tax_inclusive: false, booking_fee: 0 },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toHaveProperty('tax_rate_bp');
  });
});

describe('promo codes: the guest', () => {
  it('a check answers a live code with its terms and the hidden types it names; every other code the same 400', async () => {
    const { e, vip, crew } = await paidTypedEvent();
    await addCode(e.id, { code: 'CREW', kind: 'percent', value: 100, type_ids: [crew.id] });
    await addCode(e.id, { code: 'SPRING20', kind: 'percent', value: 20, type_ids: [vip.id], per_order: 2 });
    await addCode(e.id, { code: 'OLD', kind: 'percent', value: 20, expires_at: new Date(Date.now() - 1000).toISOString() });
    const spent = await addCode(e.id, { code: 'SPENT', kind: 'percent', value: 20, max_uses: 1 });
    await t.db.update(promo_codes).set({ uses: 1 }).where(eq(promo_codes.id, spent.id));

    const ok = await check(e.id, 'spring20');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      promo: { code: 'SPRING20', kind: 'percent', value: 20, type_ids: [vip.id], per_order: 2 },
      unlocked: [],
    });
    const crewCheck = await check(e.id, 'CREW');
    expect(crewCheck.body.unlocked.map((x: { name: string }) => x.name)).toEqual(['Crew']);
    // Unknown, expired and used up: one answer, nothing to tell them apart by.
    const answers = await Promise.all(['NOPE', 'OLD', 'SPENT'].map((c) => check(e.id, c)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 400, body: { error: { code: 'validation_failed', fields: { code: expect.any(String) } } } });
  });

  it('lookups are rate-limited per client: the 21st in ten minutes is a 429', async () => {
    const limited = await createTestApp({ LOG_LEVEL: 'error', PAYMENTS_PROVIDER: 'sandbox' });
    const host = await signedInUser(limited);
    const res = await limited.request('/api/events', {
      method: 'POST',
      json: { title: 'Limited', event_date: new Date(Date.now() + 86_400_000).toISOString() },
      cookie: host.cookie,
    });
    const e = (await res.json()).event;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await check(e.id, `GUESS${i}`, limited)).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('an order with a code and the event’s tax and fee: the checkout shows the discount; each ticket keeps what it paid', async () => {
    const { e, vip, ga } = await paidTypedEvent();
    await api(`/api/events/${e.id}/charges`, {
      method: 'PUT',
      json: { tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: false, booking_fee: 150 },
    });
    await addCode(e.id, { code: 'SPRING20', kind: 'percent', value: 20, type_ids: [vip.id], per_order: 2 });
    const { status, body } = await order(
      e.id,
      [
        { type_id: vip.id, quantity: 3 },
        { type_id: ga.id, quantity: 1 },
      ],
      { promo_code: 'spring20', name: 'Promo Guest' },
    );
    expect(status, JSON.stringify(body)).toBe(201);
    // VIP 3 × 50.00 + General 20.00 = 170.00; 20% off two VIPs = −20.00; fee 4 × 1.50 = 6.00;
    // VAT 20% on each ticket after discount with its fee: 2 × 41.50 + 51.50 + 21.50 → 8.30 + 8.30 + 10.30 + 4.30 = 31.20.
    const total = 17000 - 2000 + 600 + 3120;
    const path = new URL(body.checkout_url).pathname;
    const html = await (await t.request(path)).text();
    expect(html).toContain('VIP × 3 · €150.00');
    expect(html).toContain('General × 1 · €20.00');
    expect(html).toContain('Booking fee × 4 · €6.00');
    expect(html).toContain('VAT (20%) × 1 · €31.20');
    expect(html).toContain('SPRING20 · −€20.00');
    expect(html).toContain('€187.20');
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, body.rsvp.id));
    expect(row).toMatchObject({
      payment_amount: total,
      promo_code: 'SPRING20',
      discount_amount: 2000,
      fee_amount: 600,
      tax_amount: 3120,
    });
    const tickets = await t.db.select().from(order_tickets).where(eq(order_tickets.rsvp_id, body.rsvp.id));
    expect(tickets.reduce((n, x) => n + x.paid_amount, 0)).toBe(total);
    expect(tickets.map((x) => [x.amount, x.discount_amount, x.fee_amount, x.tax_amount, x.paid_amount]).sort()).toEqual(
      [
        [5000, 1000, 150, 830, 4980],
        [5000, 1000, 150, 830, 4980],
        [5000, 0, 150, 1030, 6180],
        [2000, 0, 150, 430, 2580],
      ].sort(),
    );
    // Paid: the guest list and its CSV show the code, the discount and what each ticket paid.
    expect((await t.request(`${path}/pay`, { method: 'POST' })).status).toBe(303);
    const list = (await (await api(`/api/events/${e.id}/rsvps?page=1`)).json()).rows;
    const listed = list.find((r: { id: string }) => r.id === body.rsvp.id);
    expect(listed).toMatchObject({
      promo_code: 'SPRING20',
      discount_amount: 2000,
      fee_amount: 600,
      tax_amount: 3120,
      payment_amount: total,
    });
    expect(listed.tickets.map((x: { amount: number }) => x.amount).sort()).toEqual([2580, 4980, 4980, 6180]);
    const csv = await (await api(`/api/events/${e.id}/rsvps.csv`)).text();
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    const line = parsed.find((r) => r.Name === 'Promo Guest')!;
    expect(line).toMatchObject({ 'Promo code': 'SPRING20', Discount: '20.00', 'Booking fee': '6.00', Tax: '31.20', Amount: '187.20' });
    expect(line.Tickets).toContain('VIP · 1 of 3 · 49.80');
    // The receipt: order number, lines, discount, tax and total.
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, `payment:${path.split('/').pop()}:paid`));
    const receipt = (mail!.payload as EmailPayload & { confirmation: { receipt?: unknown } }).confirmation.receipt;
    expect(receipt).toMatchObject({
      number: expect.stringMatching(/^[A-Z0-9]{8}$/),
      currency: 'eur',
      lines: [
        { name: 'VIP', quantity: 3, amount: 15000 },
        { name: 'General', quantity: 1, amount: 2000 },
      ],
      discount: { code: 'SPRING20', amount: 2000 },
      fee: 600,
      tax: { label: 'VAT 20%', amount: 3120, inclusive: false },
      total,
    });
  });

  it('a code unlocks the hidden types it names; a code for other types or no code is refused with the field', async () => {
    const { e, vip, crew } = await paidTypedEvent();
    await addCode(e.id, { code: 'CREW', kind: 'percent', value: 100, type_ids: [crew.id] });
    const hidden = await order(e.id, [{ type_id: crew.id, quantity: 1 }]);
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.fields).toHaveProperty('tickets');
    const wrong = await order(e.id, [{ type_id: vip.id, quantity: 1 }], { promo_code: 'CREW' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toHaveProperty('promo_code');
    const unknown = await order(e.id, [{ type_id: vip.id, quantity: 1 }], { promo_code: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty('promo_code');
    // 100% off: the order costs nothing and is confirmed at once, with its ticket.
    const crewOrder = await order(e.id, [{ type_id: crew.id, quantity: 1 }], { promo_code: 'crew' });
    expect(crewOrder.status, JSON.stringify(crewOrder.body)).toBe(201);
    expect(crewOrder.body.checkout_url).toBeNull();
    expect(crewOrder.body.rsvp.status).toBe('confirmed');
  });
});

/** Another server process on the same database: its own connection pool (as checkin.test.ts's second process). */
function otherProcess() {
  const app = secondApp(t, 10);
  return async (eventId: string, body: unknown) => {
    const res = await app.app.request(`${TEST_ORIGIN}/api/public/events/${eventId}/rsvps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the raw JSON for assertions, as postRsvp returns it
    return { status: res.status, body: (await res.json()) as any };
  };
}

describe('promo codes: free and below the card minimum', () => {
  it('a 100% code makes a free order even with a booking fee; an order below €0.50 is refused, naming the code', async () => {
    const { e, vip, ga } = await paidTypedEvent();
    await api(`/api/events/${e.id}/charges`, {
      method: 'PUT',
      json: { tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: false, booking_fee: 150 },
    });
    await addCode(e.id, { code: 'GUEST100', kind: 'percent', value: 100 });
    const free = await order(e.id, [{ type_id: vip.id, quantity: 2 }], { promo_code: 'GUEST100' });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(free.body.checkout_url).toBeNull();
    expect(free.body.rsvp.status).toBe('confirmed');
    const tickets = await t.db.select().from(order_tickets).where(eq(order_tickets.rsvp_id, free.body.rsvp.id));
    expect(tickets.map((x) => [x.fee_amount, x.tax_amount, x.paid_amount])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    // €19.80 off the General's €20.00 leaves 0.20 + fee 1.50 + VAT 0.34 = €2.04: charged. Without the fee, €0.20
    // + VAT: refused, on the code, naming it.
    await addCode(e.id, { code: 'ALMOST', kind: 'amount', value: 1980 });
    expect((await order(e.id, [{ type_id: ga.id, quantity: 1 }], { promo_code: 'ALMOST' })).status).toBe(201);
    await api(`/api/events/${e.id}/charges`, {
      method: 'PUT',
      json: { tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: false, booking_fee: 0 },
    });
    const low = await order(e.id, [{ type_id: ga.id, quantity: 1 }], { promo_code: 'ALMOST' });
    expect(low.status).toBe(400);
    expect(low.body.error.fields.promo_code).toBe(
      'With the code ALMOST this order comes to €0.24, less than the €0.50 a card payment must be. Remove the code or add tickets.',
    );
    const rows = await t.db.select().from(event_rsvps).where(eq(event_rsvps.event_id, e.id));
    expect(rows).toHaveLength(2);
    // Without a code, a type priced below the minimum: refused on the tickets.
    const cheap = await addType(e.id, { name: 'Raffle', price: 30 });
    const raffle = await order(e.id, [{ type_id: cheap.id, quantity: 1 }]);
    expect(raffle.status).toBe(400);
    expect(raffle.body.error.fields.tickets).toContain('less than the €0.50');
  });
});

describe('promo codes: Pay now of an order', () => {
  it('after its hold lapsed, the order re-opens at its stored figures, not the event’s one price or today’s charges', async () => {
    const { e, vip, ga } = await paidTypedEvent();
    await api(`/api/events/${e.id}/charges`, {
      method: 'PUT',
      json: { tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: false, booking_fee: 150 },
    });
    const code = await addCode(e.id, { code: 'SPRING20', kind: 'percent', value: 20 });
    const { status, body } = await order(
      e.id,
      [
        { type_id: vip.id, quantity: 2 },
        { type_id: ga.id, quantity: 1 },
      ],
      { promo_code: 'SPRING20' },
    );
    expect(status, JSON.stringify(body)).toBe(201);
    // VIP 2 × (50.00 − 10.00 + 1.50) + VAT 8.30 = 2 × 49.80; General 20.00 − 4.00 + 1.50 + VAT 3.50 = 21.00.
    const total = 2 * 4980 + 2100;
    await lapseHold(t, body.rsvp.id);
    expect(await usesOf(code.id)).toBe(0);
    // The host changes the tax and the fee meanwhile: the order keeps what it was priced at.
    await api(`/api/events/${e.id}/charges`, {
      method: 'PUT',
      json: { tax_name: 'VAT', tax_rate_bp: 1000, tax_inclusive: false, booking_fee: 0 },
    });
    const [before] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, body.rsvp.id));
    const again = await t.request(`/api/public/rsvps/${before!.manage_secret}/checkout`, { method: 'POST' });
    expect(again.status, await again.clone().text()).toBe(200);
    const path = new URL((await again.json()).checkout_url).pathname;
    expect(path).not.toBe(new URL(body.checkout_url).pathname);
    const html = await (await t.request(path)).text();
    expect(html).toContain('VIP × 2 · €100.00');
    expect(html).toContain('General × 1 · €20.00');
    expect(html).toContain('Booking fee × 3 · €4.50');
    // The tax as the order was taxed (its rate is no longer the event's: named without it).
    expect(html).toContain('VAT × 1 · €20.10');
    expect(html).toContain('SPRING20 · −€24.00');
    expect(html).toContain('€120.60');
    const [held] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, body.rsvp.id));
    expect(held).toMatchObject({ status: 'confirmed', payment_status: 'pending', payment_amount: total, discount_amount: 2400 });
    // The seats and the code's use are held again, as for a one-price answer.
    expect(await usesOf(code.id)).toBe(1);
    const [ev] = await t.db.select({ s: events.seats_taken }).from(events).where(eq(events.id, e.id));
    expect(ev!.s).toBe(3);
    expect((await t.request(`${path}/pay`, { method: 'POST' })).status).toBe(303);
    const [paid] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, body.rsvp.id));
    expect(paid).toMatchObject({ payment_status: 'paid', payment_amount: total });
    const tickets = await t.db.select().from(order_tickets).where(eq(order_tickets.rsvp_id, body.rsvp.id));
    expect(tickets.reduce((n, x) => n + x.paid_amount, 0)).toBe(total);
    // The sandbox, as Stripe, never refunds more than was charged (the lines less the discount).
    const provider = sandboxProvider(t.db, TEST_ORIGIN);
    const pi = paid!.payment_id!;
    await expect(provider.refund({ paymentIntent: pi, idempotencyKey: `over:${pi}`, amount: total + 1 })).rejects.toBeInstanceOf(
      RefundRefused,
    );
    await provider.refund({ paymentIntent: pi, idempotencyKey: `all:${pi}`, amount: total });
  });
});

describe('promo codes: a use limit under a race', () => {
  it('90 concurrent orders over 3 processes against a code with 7 uses: exactly 7 get it; ended holds give it back', async () => {
    const { e, vip } = await paidTypedEvent();
    const code = await addCode(e.id, { code: 'FIRST7', kind: 'amount', value: 1000, max_uses: 7 });
    const processes = [(id: string, body: unknown) => postRsvp(t, id, body), otherProcess(), otherProcess()];
    const results = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        processes[i % 3]!(e.id, rsvpInput({ tickets: [{ type_id: vip.id, quantity: 1 }], promo_code: 'FIRST7' })),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    // Refused: the code was used up by the check (400, same answer as any dead code) or at the write (409).
    expect(refused.every((r) => (r.status === 409 || r.status === 400) && r.body.error.fields?.promo_code)).toBe(true);
    expect(accepted).toHaveLength(7);
    expect(await usesOf(code.id)).toBe(7);
    const rows = await t.db.select().from(event_rsvps).where(eq(event_rsvps.promo_code_id, code.id));
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(7);
    // A refused order left nothing behind: the event's seats are the 7 orders'.
    const [ev] = await t.db.select({ s: events.seats_taken }).from(events).where(eq(events.id, e.id));
    expect(ev!.s).toBe(7);
    console.info(
      `promo race: 90 concurrent orders over 3 processes, use limit 7 → ${accepted.length} accepted, ${refused.filter((r) => r.status === 409).length} refused at the write (409), ${refused.filter((r) => r.status === 400).length} at the check (400); uses ${await usesOf(code.id)}/7`,
    );
    // A cancelled checkout and a lapsed hold give their uses back, as their seats; a new order takes one again.
    const [one, two] = accepted;
    expect((await t.request(`${new URL(one!.body.checkout_url).pathname}/cancel`, { method: 'POST' })).status).toBe(303);
    expect(await usesOf(code.id)).toBe(6);
    await lapseHold(t, two!.body.rsvp.id);
    expect(await usesOf(code.id)).toBe(5);
    expect((await order(e.id, [{ type_id: vip.id, quantity: 1 }], { promo_code: 'FIRST7' })).status).toBe(201);
    expect(await usesOf(code.id)).toBe(6);
  });
});
