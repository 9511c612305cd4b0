import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.ts';

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
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
