import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { eventIdColumn } from './events.ts';
import { payment_refunds } from './payments.ts';
import { event_rsvps } from './rsvps.ts';

/**
 * An event's ticket types (docs/product.md#ticket-types, docs/decisions/0028-ticket-types.md). `seats_taken` is the
 * type's own seat counter, moved by triggers of migration 0030 under the type row's lock, before the event's
 * counter; the `ticket_types_sold_out` check refuses a move past `quantity`. Prices are minor units of the
 * event's currency.
 */
export const ticket_types = pgTable(
  'ticket_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: eventIdColumn(),
    name: text('name').notNull(),
    description: text('description'),
    price: integer('price').notNull().default(0),
    /** Seats of this type on sale; null = only the event's capacity bounds it. */
    quantity: integer('quantity'),
    min_per_order: integer('min_per_order').notNull().default(1),
    max_per_order: integer('max_per_order').notNull().default(10),
    sales_start: timestamp('sales_start', { withTimezone: true }),
    sales_end: timestamp('sales_end', { withTimezone: true }),
    /** Not listed on the event page and not sold there. */
    hidden: boolean('hidden').notNull().default(false),
    /** 'each': a party of 3 gets 3 tickets; 'group': one ticket admitting the 3. */
    admission: text('admission', { enum: ['each', 'group'] })
      .notNull()
      .default('each'),
    position: integer('position').notNull(),
    seats_taken: integer('seats_taken').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_types_event_idx').on(t.event_id, t.position),
    check('ticket_types_price', sql`${t.price} >= 0 AND ${t.price} <= 100000000`),
    check('ticket_types_quantity_min', sql`${t.quantity} IS NULL OR ${t.quantity} >= 1`),
    check('ticket_types_per_order', sql`${t.min_per_order} >= 1 AND ${t.max_per_order} >= ${t.min_per_order} AND ${t.max_per_order} <= 10`),
    check('ticket_types_sales_window', sql`${t.sales_start} IS NULL OR ${t.sales_end} IS NULL OR ${t.sales_start} < ${t.sales_end}`),
    check('ticket_types_admission', sql`${t.admission} IN ('each', 'group')`),
    check('ticket_types_sold_out', sql`${t.seats_taken} >= 0 AND (${t.quantity} IS NULL OR ${t.seats_taken} <= ${t.quantity})`),
  ],
);

/**
 * The tickets of an order (an RSVP of an event with ticket types): each its own page secret, QR nonce and door
 * PIN, like an RSVP's own (docs/decisions/0010-ticket-secrets.md). Written with the order in its one seat write;
 * admissible at the door while its order is (tickets/verify-ticket.ts admissible). `number` of `of_count` is its
 * place among the order's tickets of its type ("VIP · 1 of 2"); `amount` what it costs (minor units).
 */
export const order_tickets = pgTable(
  'order_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rsvp_id: uuid('rsvp_id')
      .notNull()
      .references(() => event_rsvps.id, { onDelete: 'cascade' }),
    event_id: eventIdColumn(),
    ticket_type_id: uuid('ticket_type_id')
      .notNull()
      .references(() => ticket_types.id, { onDelete: 'no action' }),
    number: integer('number').notNull(),
    of_count: integer('of_count').notNull(),
    admits: integer('admits').notNull(),
    amount: integer('amount').notNull(),
    pin: text('pin').notNull(),
    ticket_secret: text('ticket_secret').notNull(),
    qr_nonce: text('qr_nonce').notNull(),
    checked_in_count: integer('checked_in_count').notNull().default(0),
    /** The refund that claimed this ticket (pending or done); refunded_at once it went through (migration 0036). */
    refund_id: uuid('refund_id').references(() => payment_refunds.id, { onDelete: 'set null' }),
    /** Refunded: it admits nobody and holds no seat. */
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    /** What of `amount` went back with it (less only when an earlier amount refund left less than the tickets cost). */
    refunded_amount: integer('refunded_amount'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_tickets_rsvp_idx').on(t.rsvp_id, t.ticket_type_id, t.number),
    index('order_tickets_type_idx').on(t.ticket_type_id),
    uniqueIndex('order_tickets_event_pin_key').on(t.event_id, t.pin),
    uniqueIndex('order_tickets_ticket_secret_key').on(t.ticket_secret),
    uniqueIndex('order_tickets_qr_nonce_key').on(t.qr_nonce),
    check('order_tickets_admits', sql`${t.admits} BETWEEN 1 AND 10`),
    check('order_tickets_number', sql`${t.number} BETWEEN 1 AND ${t.of_count}`),
    check('order_tickets_checked_in', sql`${t.checked_in_count} BETWEEN 0 AND ${t.admits}`),
    check(
      'order_tickets_refunded',
      sql`(${t.refunded_at} IS NULL) = (${t.refunded_amount} IS NULL) AND (${t.refunded_at} IS NULL OR ${t.refund_id} IS NOT NULL)`,
    ),
  ],
);
