import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { event_rsvps } from './rsvps.ts';

/**
 * The sandbox payment provider's checkout sessions (PAYMENTS_PROVIDER=sandbox, docs/decisions/0015-payments.md):
 * what Stripe would keep for a Checkout Session, kept here so the paid flow runs with no network.
 */
export const payment_sandbox_sessions = pgTable('payment_sandbox_sessions', {
  /** cs_sandbox_… */
  id: text('id').primaryKey(),
  event_id: uuid('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  /** The RSVP the checkout pays for (Stripe's metadata.rsvp_id). */
  rsvp_id: uuid('rsvp_id').notNull(),
  title: text('title').notNull(),
  unit_amount: integer('unit_amount').notNull(),
  quantity: integer('quantity').notNull(),
  /** An order of ticket types: one line per type, as Stripe Checkout's line_items (null: one line of `quantity`). */
  line_items: jsonb('line_items').$type<{ name: string; unit_amount: number; quantity: number }[]>(),
  /** A promo code's discount, as Stripe Checkout shows a coupon (docs/decisions/0033-promo-codes-and-charges.md). */
  discount: jsonb('discount').$type<{ name: string; amount: number }>(),
  currency: text('currency').notNull(),
  customer_email: text('customer_email'),
  /** Stripe's session status: 'open', 'complete' or 'expired'. */
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  /** Stripe's session payment_status: 'unpaid' or 'paid'. */
  payment_status: text('payment_status', { enum: ['unpaid', 'paid'] })
    .notNull()
    .default('unpaid'),
  payment_intent: text('payment_intent'),
  success_url: text('success_url').notNull(),
  cancel_url: text('cancel_url').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  refunded_at: timestamp('refunded_at', { withTimezone: true }),
  /** What its refunds gave back so far (minor units): never more than the session's total. */
  refunded_amount: integer('refunded_amount').notNull().default(0),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's refunds by idempotency key: a repeat of a key is that refund again, as at Stripe. */
export const payment_sandbox_refunds = pgTable('payment_sandbox_refunds', {
  idempotency_key: text('idempotency_key').primaryKey(),
  payment_intent: text('payment_intent').notNull(),
  amount: integer('amount').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every refund of a paid order (docs/decisions/0034-refunds-per-ticket.md): the host's, per ticket or an amount
 * ('host'), a cancellation's ('cancelled') or a payment that came after the seats were gone ('seats_gone'). A host's
 * refund is claimed 'pending' under the order's row lock before the provider is asked (its id is the provider's
 * idempotency key), then 'succeeded'; a refused one is deleted. Its tickets name it (order_tickets.refund_id).
 */
export const payment_refunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rsvp_id: uuid('rsvp_id')
      .notNull()
      .references(() => event_rsvps.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'succeeded'] })
      .notNull()
      .default('pending'),
    reason: text('reason', { enum: ['host', 'cancelled', 'seats_gone'] }).notNull(),
    /** The user who refunded (a host's refund). */
    created_by: text('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    succeeded_at: timestamp('succeeded_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_rsvp_idx').on(t.rsvp_id, t.created_at),
    check('payment_refunds_amount', sql`${t.amount} > 0`),
    check('payment_refunds_status', sql`${t.status} IN ('pending', 'succeeded')`),
    check('payment_refunds_reason', sql`${t.reason} IN ('host', 'cancelled', 'seats_gone')`),
  ],
);
