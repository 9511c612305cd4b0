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
    /**
     * What this ticket actually costs (docs/decisions/0033-promo-codes-and-charges.md), minor units: its share of the
     * order's discount, booking fee and tax, and paid_amount = amount − discount + fee (+ tax when exclusive). A
     * refund of this ticket gives back paid_amount; the order's figures are their sums.
     */
    discount_amount: integer('discount_amount').notNull().default(0),
    fee_amount: integer('fee_amount').notNull().default(0),
    tax_amount: integer('tax_amount').notNull().default(0),
    paid_amount: integer('paid_amount').notNull(),
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

/**
 * An event's promo codes (docs/product.md#promo-codes, docs/decisions/0033-promo-codes-and-charges.md). `code` is kept
 * upper-case and matched so; `kind` 'percent' (value 0–100) or 'amount' (value in minor units off each ticket);
 * `type_ids` null = every type, else those types only (hidden ones among them are unlocked by the code); `per_order`
 * the most tickets of one order it discounts. `uses` counts the orders holding seats with it, moved by migration
 * 0035's triggers under this row's lock; the `promo_codes_used_up` check refuses a use past `max_uses`.
 */
export const promo_codes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: eventIdColumn(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    value: integer('value').notNull(),
    type_ids: uuid('type_ids').array(),
    max_uses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    per_order: integer('per_order'),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_event_code_key').on(t.event_id, t.code),
    check('promo_codes_code', sql`${t.code} ~ '^[A-Z0-9_-]{3,32}$'`),
    check('promo_codes_kind', sql`${t.kind} IN ('percent', 'amount')`),
    check('promo_codes_value', sql`${t.value} >= 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100) AND ${t.value} <= 100000000`),
    check('promo_codes_max_uses', sql`${t.max_uses} IS NULL OR ${t.max_uses} >= 1`),
    check('promo_codes_per_order', sql`${t.per_order} IS NULL OR ${t.per_order} BETWEEN 1 AND 10`),
    check('promo_codes_used_up', sql`${t.uses} >= 0 AND (${t.max_uses} IS NULL OR ${t.uses} <= ${t.max_uses})`),
  ],
);
