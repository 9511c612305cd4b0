import { asc, eq } from 'drizzle-orm';
import { type Charges, unitTax } from '../../../common/pricing.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { order_tickets, ticket_types } from '../../db/schema/tickets.ts';
import { eventChargesColumns } from '../../domain/event-charges.ts';
import type { CheckoutDiscount, CheckoutLine } from '../../integrations/payment-provider.ts';
import { checkoutLineItems } from '../rsvps/order-lines.ts';

/** An order's checkout as its figures were stored when it was made: what Pay now opens again. */
export type StoredOrderCheckout = { total: number; lines: CheckoutLine[]; discount: CheckoutDiscount | null };

/**
 * The checkout of an order of ticket types from what it stored (docs/decisions/0033-promo-codes-and-charges.md), not
 * from today's prices, code or charges: a line per type at the list price its tickets were sold at, the booking fee
 * and an exclusive tax as its tickets carry them, and its promo code's discount (discount_amount), so the checkout's
 * total is Σ order_tickets.paid_amount (= its payment_amount) to the cent. The tax is named as the event names it now,
 * with its rate only while that rate is the one the order was taxed at.
 * Null when the answer is no order of ticket types (it pays the event's one price).
 */
export async function storedOrderCheckout(db: DbOrTx, rsvpId: string): Promise<StoredOrderCheckout | null> {
  const tickets = await db
    .select({
      type_id: order_tickets.ticket_type_id,
      name: ticket_types.name,
      admits: order_tickets.admits,
      amount: order_tickets.amount,
      discount: order_tickets.discount_amount,
      fee: order_tickets.fee_amount,
      paid: order_tickets.paid_amount,
    })
    .from(order_tickets)
    .innerJoin(ticket_types, eq(ticket_types.id, order_tickets.ticket_type_id))
    .where(eq(order_tickets.rsvp_id, rsvpId))
    .orderBy(asc(order_tickets.ticket_type_id), asc(order_tickets.number));
  if (!tickets.length) return null;
  const [head] = await db
    .select({ promo_code: event_rsvps.promo_code, discount: event_rsvps.discount_amount, ...eventChargesColumns })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .where(eq(event_rsvps.id, rsvpId));
  if (!head) return null;
  const charges: Charges = { tax_name: head.tax_name, tax_rate_bp: head.tax_rate_bp, tax_inclusive: head.tax_inclusive, booking_fee: 0 };
  // In type-id order, as a new order's lines are (order-lines.ts prepareOrder).
  const types = new Map<string, { name: string; price: number; quantity: number }>();
  for (const t of tickets) {
    const line = types.get(t.type_id) ?? { name: t.name, price: t.amount / t.admits, quantity: 0 };
    line.quantity += t.admits;
    types.set(t.type_id, line);
  }
  const sum = (f: (t: (typeof tickets)[number]) => number) => tickets.reduce((n, t) => n + f(t), 0);
  // What a ticket paid beyond its price less discount plus fee is its exclusive tax (0 when the tax is inclusive).
  const exclusiveTax = sum((t) => t.paid - (t.amount - t.discount + t.fee));
  const discount = sum((t) => t.discount);
  // The event's tax is named with its rate only while that rate still gives each ticket the tax it stored.
  const sameRate = tickets.every(
    (t) =>
      t.paid - (t.amount - t.discount + t.fee) ===
      t.admits * unitTax({ ...charges, tax_inclusive: false }, (t.amount - t.discount + t.fee) / t.admits),
  );
  return {
    total: sum((t) => t.paid),
    lines: checkoutLineItems({
      types: [...types.values()],
      feeUnits: sum((t) => (t.fee > 0 ? t.admits : 0)),
      fee: sum((t) => t.fee),
      exclusiveTax,
      // The inclusive tax's description only when the order carried no tax of its own on top.
      charges: exclusiveTax > 0 ? { ...charges, tax_inclusive: false, tax_rate_bp: sameRate ? charges.tax_rate_bp : null } : charges,
    }),
    discount: discount > 0 ? { name: head.promo_code ?? 'Discount', amount: discount } : null,
  };
}
