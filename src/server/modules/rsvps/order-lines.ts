import { randomBase64url } from '../../crypto/random-pool.ts';
import { PER_ORDER_MAX, salesState, type TOrderLines } from '../../../common/schemas/ticket-types.ts';
import { QR_NONCE_BYTES, TICKET_SECRET_BYTES } from '../../db/schema/rsvps.ts';
import type { order_tickets } from '../../db/schema/tickets.ts';
import { AppError } from '../../errors.ts';
import type { FormTicketType } from '../../domain/ticket-types-sql.ts';
import type { CheckoutDiscount, CheckoutLine } from '../../integrations/payment-provider.ts';
import { type Charges, codeCovers, NO_CHARGES, type PricedOrder, priceOrder, ratePercent, taxLabel } from '../../../common/pricing.ts';
import type { LiveCode } from '../../domain/promo-code-lookup.ts';

/**
 * An order of ticket types as checked against the event's types (docs/product.md#ticket-types), before anything is
 * written: its lines in type-id order (the order the seat write takes the type rows in: migration 0030), the
 * party it admits, what it costs and its checkout line items.
 */
export type PreparedOrder = {
  lines: { type: FormTicketType; quantity: number }[];
  guestCount: number;
  /** Minor units of the event's currency: what the guest pays (pricing.ts). */
  total: number;
  /** Each admission's price, discount, fee and tax (common/pricing.ts), and their sums. */
  priced: PricedOrder;
  /** The promo code it uses (its use is counted with the order's seats: migration 0035), or null. */
  promo: LiveCode | null;
  checkoutLines: CheckoutLine[];
  /** The promo code's discount, passed to the checkout as a real discount (a one-off coupon at Stripe). */
  discount: CheckoutDiscount | null;
  /** "VIP × 2, General × 1" (the e-mail's guests line). */
  summary: string;
};

const refuse = (message: string) => new AppError('validation_failed', message, { tickets: message });
const refuseCode = (message: string) => new AppError('validation_failed', message, { promo_code: message });

function whenText(iso: string) {
  return new Date(iso).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Checks a guest's order against the event's types; a type that is hidden (unless `promo` names it: a code unlocks
 * the hidden types it names), off sale or out of its per-order bounds is a 400 on `tickets`; a code that covers none
 * of the order's tickets a 400 on `promo_code`. Prices it with the code and the event's tax and fee (pricing.ts).
 */
export function prepareOrder(
  types: FormTicketType[],
  lines: TOrderLines | undefined,
  o: { promo?: LiveCode | null; charges?: Charges; now?: number } = {},
): PreparedOrder {
  const now = o.now ?? Date.now();
  const promo = o.promo ?? null;
  const charges = o.charges ?? NO_CHARGES;
  if (!lines?.length) throw refuse('Choose your tickets.');
  const chosen = lines.map((l) => {
    const type = types.find((t) => t.id === l.type_id);
    if (!type || (type.hidden && !promo?.type_ids?.includes(type.id))) throw refuse('One of these ticket types is not on sale.');
    const state = salesState(type, now);
    if (state === 'not_yet') throw refuse(`${type.name}: sales open ${whenText(type.sales_start!)} UTC.`);
    if (state === 'ended') throw refuse(`${type.name}: sales have ended.`);
    if (l.quantity < type.min_per_order) throw refuse(`${type.name}: choose at least ${type.min_per_order}.`);
    if (l.quantity > type.max_per_order) throw refuse(`${type.name}: choose at most ${type.max_per_order}.`);
    return { type, quantity: l.quantity };
  });
  chosen.sort((a, b) => (a.type.id < b.type.id ? -1 : a.type.id > b.type.id ? 1 : 0));
  const guestCount = chosen.reduce((n, l) => n + l.quantity, 0);
  if (guestCount > PER_ORDER_MAX) throw refuse(`One order holds at most ${PER_ORDER_MAX} guests.`);
  if (promo && !chosen.some((l) => codeCovers(promo, l.type.id))) throw refuseCode('This code does not apply to these tickets.');
  const priced = priceOrder(
    chosen.map((l) => ({ type_id: l.type.id, price: l.type.price, quantity: l.quantity })),
    promo,
    charges,
  );
  return {
    lines: chosen,
    guestCount,
    total: priced.total,
    priced,
    promo,
    checkoutLines: checkoutLines(chosen, priced, charges),
    discount: promo && priced.discount > 0 ? { name: promo.code, amount: priced.discount } : null,
    // In the host's order of types, as the order's page and the guest list show them.
    summary: types.flatMap((t) => chosen.filter((l) => l.type === t).map((l) => `${t.name} × ${l.quantity}`)).join(', '),
  };
}

/**
 * The checkout's line items: a line per priced type at its list price (an inclusive tax named in its description),
 * the booking fee, and an exclusive tax as its own line; the discount goes as the checkout's discount, so the
 * checkout's total is the order's total to the cent.
 */
function checkoutLines(chosen: PreparedOrder['lines'], priced: PricedOrder, charges: Charges): CheckoutLine[] {
  return checkoutLineItems({
    types: chosen.map((l) => ({ name: l.type.name, price: l.type.price, quantity: l.quantity })),
    feeUnits: priced.units.filter((u) => u.fee > 0).length,
    fee: priced.fee,
    exclusiveTax: charges.tax_inclusive ? 0 : priced.tax,
    charges,
  });
}

/**
 * The line items of an order's checkout from its figures, for a new order (above) and for one re-opened by Pay now
 * (payments/stored-order.ts, from its stored tickets): each priced type's line, the booking fee (`fee` over
 * `feeUnits` admissions: one line of the per-ticket fee, or of the sum when it does not divide evenly) and an
 * exclusive tax's line, named by the event's tax (`charges`). Σ lines − the order's discount = the order's total.
 */
export function checkoutLineItems(o: {
  types: { name: string; price: number; quantity: number }[];
  feeUnits: number;
  fee: number;
  exclusiveTax: number;
  charges: Charges;
}): CheckoutLine[] {
  const { charges } = o;
  const included = charges.tax_inclusive ? taxLabel(charges) : null;
  const out: CheckoutLine[] = o.types
    .filter((l) => l.price > 0)
    .map((l) => ({ name: l.name, unitAmount: l.price, quantity: l.quantity, ...(included ? { description: included } : {}) }));
  if (o.fee > 0 && o.feeUnits > 0) {
    const even = o.fee % o.feeUnits === 0;
    out.push({ name: 'Booking fee', unitAmount: even ? o.fee / o.feeUnits : o.fee, quantity: even ? o.feeUnits : 1 });
  }
  if (o.exclusiveTax > 0) {
    const name = charges.tax_rate_bp ? `${charges.tax_name ?? 'Tax'} (${ratePercent(charges.tax_rate_bp)})` : (charges.tax_name ?? 'Tax');
    out.push({ name, unitAmount: o.exclusiveTax, quantity: 1 });
  }
  return out;
}

const random = randomBase64url;

/**
 * The order's tickets as rows: 'each' types one ticket per guest ("VIP · 1 of 2"), 'group' types one ticket
 * admitting the line's guests; each with its own page secret, QR nonce and a drawn PIN.
 */
export function ticketRows(order: PreparedOrder, o: { rsvpId: string; eventId: string; drawPin: () => string }) {
  const rows: (typeof order_tickets.$inferInsert)[] = [];
  for (const { type, quantity } of order.lines) {
    const group = type.admission === 'group';
    const count = group ? 1 : quantity;
    // This type's admissions as priced (pricing.ts keeps a line's units together, in order).
    const units = order.priced.units.filter((u) => u.type_id === type.id);
    for (let i = 1; i <= count; i++) {
      const mine = group ? units : units.slice(i - 1, i);
      const sum = (f: (u: (typeof units)[number]) => number) => mine.reduce((n, u) => n + f(u), 0);
      rows.push({
        rsvp_id: o.rsvpId,
        event_id: o.eventId,
        ticket_type_id: type.id,
        number: i,
        of_count: count,
        admits: group ? quantity : 1,
        amount: group ? type.price * quantity : type.price,
        discount_amount: sum((u) => u.discount),
        fee_amount: sum((u) => u.fee),
        tax_amount: sum((u) => u.tax),
        paid_amount: sum((u) => u.paid),
        pin: o.drawPin(),
        ticket_secret: random(TICKET_SECRET_BYTES),
        qr_nonce: random(QR_NONCE_BYTES),
      });
    }
  }
  return rows;
}
