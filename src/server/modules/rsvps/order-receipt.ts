import { asc, eq, sql } from 'drizzle-orm';
import { taxLabel } from '../../../common/pricing.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { order_tickets, ticket_types } from '../../db/schema/tickets.ts';
import type { Receipt } from '../../emails/receipt.ts';

/** An order's number as its receipt and the guest list print it: the first 8 characters of its id, upper-cased. */
export const orderNumber = (rsvpId: string) => rsvpId.replaceAll('-', '').slice(0, 8).toUpperCase();

/**
 * A paid order's receipt as stored (docs/decisions/0033-promo-codes-and-charges.md): a line per ticket type at its
 * list price, the discount and code, the fee, the tax (as the event names it) and what was charged. A one-price
 * event's paid answer has one line, "Ticket × party size", and neither tax nor fee (they apply to ticket types).
 * Null when the RSVP is not paid.
 */
export async function readReceipt(tx: DbOrTx, rsvpId: string): Promise<Receipt | null> {
  const [r] = await tx
    .select({
      id: event_rsvps.id,
      payment_status: event_rsvps.payment_status,
      amount: event_rsvps.payment_amount,
      guest_count: event_rsvps.guest_count,
      currency: event_rsvps.payment_currency,
      promo_code: event_rsvps.promo_code,
      discount: event_rsvps.discount_amount,
      fee: event_rsvps.fee_amount,
      tax: event_rsvps.tax_amount,
      tax_name: events.tax_name,
      tax_rate_bp: events.tax_rate_bp,
      tax_inclusive: events.tax_inclusive,
    })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .where(eq(event_rsvps.id, rsvpId))
    .limit(1);
  if (!r || r.payment_status !== 'paid' || r.amount === null || !r.currency) return null;
  const lines = await tx
    .select({
      name: ticket_types.name,
      quantity: sql<number>`sum(${order_tickets.admits})::int`,
      amount: sql<number>`sum(${order_tickets.amount})::int`,
    })
    .from(order_tickets)
    .innerJoin(ticket_types, eq(ticket_types.id, order_tickets.ticket_type_id))
    .where(eq(order_tickets.rsvp_id, rsvpId))
    .groupBy(ticket_types.id, ticket_types.name, ticket_types.position)
    .orderBy(asc(ticket_types.position), asc(ticket_types.name));
  if (!lines.length) lines.push({ name: 'Ticket', quantity: r.guest_count, amount: r.amount });
  const label = taxLabel({ tax_name: r.tax_name, tax_rate_bp: r.tax_rate_bp, tax_inclusive: r.tax_inclusive, booking_fee: 0 });
  return {
    number: orderNumber(r.id),
    currency: r.currency,
    lines,
    discount: r.promo_code && r.discount > 0 ? { code: r.promo_code, amount: r.discount } : null,
    fee: r.fee,
    tax: r.tax > 0 && label ? { label, amount: r.tax, inclusive: r.tax_inclusive } : null,
    total: r.amount,
  };
}
