import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WebhookEventType } from '../../../common/schemas/webhooks.ts';
import { user } from './auth.ts';
import { events } from './events.ts';

/**
 * A host's webhook endpoints (docs/decisions/0030-webhooks.md): for one event of theirs or all of them. The
 * signing secret is sealed (crypto/secret-box.ts) because every delivery needs it in the clear; after a
 * rotation the previous one keeps signing beside it until previous_secret_until.
 */
export const webhook_endpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null: every event the user owns. */
    event_id: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    event_types: text('event_types').array().$type<WebhookEventType[]>().notNull(),
    secret_enc: text('secret_enc').notNull(),
    previous_secret_enc: text('previous_secret_enc'),
    previous_secret_until: timestamp('previous_secret_until', { withTimezone: true }),
    /** Set: nothing is queued or sent until the host resumes it; 'host' paused it, or a day of failures did. */
    paused_at: timestamp('paused_at', { withTimezone: true }),
    paused_reason: text('paused_reason', { enum: ['host', 'failing'] }),
    /** The first failed attempt since the last delivered one. */
    failing_since: timestamp('failing_since', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_user_idx').on(t.user_id),
    index('webhook_endpoints_event_idx').on(t.event_id),
    check(
      'webhook_endpoints_event_types',
      sql`cardinality(${t.event_types}) > 0 AND ${t.event_types} <@ ARRAY['rsvp.created','rsvp.updated','rsvp.cancelled','waitlist.offered','payment.succeeded','payment.refunded','checkin.created','checkin.undone']::text[]`,
    ),
    check(
      'webhook_endpoints_paused',
      sql`(${t.paused_at} IS NULL) = (${t.paused_reason} IS NULL) AND (${t.paused_reason} IS NULL OR ${t.paused_reason} IN ('host', 'failing'))`,
    ),
  ],
);

/**
 * The webhook outbox and the host's delivery log: one row per message and endpoint, queued by migration
 * 0032's triggers in the transaction that caused it, delivered by webhooks/deliver-webhooks.ts in `seq`
 * order per (endpoint, guest). 'sending' is a lease until next_attempt_at; 'failed' was given up at give_up_at.
 */
export const webhook_deliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    endpoint_id: uuid('endpoint_id')
      .notNull()
      .references(() => webhook_endpoints.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id').notNull(),
    /** The RSVP the message is about: its messages go one after another. */
    guest_key: uuid('guest_key').notNull(),
    type: text('type').$type<WebhookEventType>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    give_up_at: timestamp('give_up_at', { withTimezone: true }).notNull().default(sql`now() + interval '1 day'`),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }),
    response_status: integer('response_status'),
    duration_ms: integer('duration_ms'),
    response_excerpt: text('response_excerpt'),
    last_error: text('last_error'),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_head_idx').on(t.endpoint_id, t.guest_key, t.seq).where(sql`${t.status} IN ('pending', 'sending')`),
    index('webhook_deliveries_log_idx').on(t.endpoint_id, t.seq),
    index('webhook_deliveries_done_idx').on(t.created_at).where(sql`${t.status} IN ('delivered', 'failed')`),
    check('webhook_deliveries_status', sql`${t.status} IN ('pending', 'sending', 'delivered', 'failed')`),
  ],
);
