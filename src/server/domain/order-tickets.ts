import { asc, eq, getTableName, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { event_rsvps } from '../db/schema/rsvps.ts';
import { order_tickets, ticket_types } from '../db/schema/tickets.ts';

const rsvpId = sql`${sql.identifier(getTableName(event_rsvps))}.${sql.identifier(event_rsvps.id.name)}`;

/**
 * "VIP × 2, General × 1" for the RSVP row in scope when it is an order of ticket types (docs/decisions/0028-ticket-types.md),
 * else null: the e-mails and the guest list name an order's tickets by it.
 */
export const orderSummarySql = sql<string | null>`(SELECT string_agg(s.name || ' × ' || s.n, ', ' ORDER BY s.position, s.name)
  FROM (SELECT tt.name, tt.position, sum(t.admits)::int AS n FROM order_tickets t JOIN ticket_types tt ON tt.id = t.ticket_type_id
        WHERE t.rsvp_id = ${rsvpId} GROUP BY tt.id, tt.name, tt.position) s)`;

/**
 * An order's tickets as the guest list and its CSV show them (null: not an order of ticket types); `amount` is what
 * the ticket was paid (order_tickets.paid_amount: after its share of the discount, with its fee and tax).
 */
export type ListedTicket = {
  id: string;
  type: string;
  number: number;
  of: number;
  admits: number;
  amount: number;
  checked_in_count: number;
  /** What went back with it (docs/product.md#refunds), null while not refunded. */
  refunded_amount: number | null;
  /** A refund claimed it (under way or done). */
  refunding: boolean;
};

/** The tickets of the RSVP row in scope, in type order, or null when it is no order of ticket types: one index probe per row. */
export const listedTicketsSql = sql<
  ListedTicket[] | null
>`(SELECT jsonb_agg(jsonb_build_object('id', t.id, 'type', tt.name, 'number', t.number,
    'of', t.of_count, 'admits', t.admits, 'amount', t.paid_amount, 'checked_in_count', t.checked_in_count,
    'refunded_amount', t.refunded_amount, 'refunding', t.refund_id IS NOT NULL)
    ORDER BY tt.position, tt.name, t.number)
  FROM order_tickets t JOIN ticket_types tt ON tt.id = t.ticket_type_id WHERE t.rsvp_id = ${rsvpId})`;

/** One ticket of an order, as its order page, the guest list and the door show it. */
export type OrderTicket = {
  id: string;
  type: string;
  number: number;
  of: number;
  admits: number;
  amount: number;
  pin: string;
  ticket_secret: string;
  qr_nonce: string;
  checked_in_count: number;
  /** Refunded (docs/product.md#refunds): no page, QR or admission any more. */
  refunded: boolean;
};

/** An order's tickets in type order, each as "VIP · 1 of 2" reads them. */
export async function orderTicketsOf(db: DbOrTx, rsvp: string): Promise<OrderTicket[]> {
  return db
    .select({
      id: order_tickets.id,
      type: ticket_types.name,
      number: order_tickets.number,
      of: order_tickets.of_count,
      admits: order_tickets.admits,
      amount: order_tickets.amount,
      pin: order_tickets.pin,
      ticket_secret: order_tickets.ticket_secret,
      qr_nonce: order_tickets.qr_nonce,
      checked_in_count: order_tickets.checked_in_count,
      refunded: sql<boolean>`${order_tickets.refunded_at} is not null`,
    })
    .from(order_tickets)
    .innerJoin(ticket_types, eq(ticket_types.id, order_tickets.ticket_type_id))
    .where(eq(order_tickets.rsvp_id, rsvp))
    .orderBy(asc(ticket_types.position), asc(ticket_types.name), asc(order_tickets.number));
}
