import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A host's own Stripe account (docs/decisions/0027-stripe-account-per-host.md): entered once on the Account
 * page, chosen by their paid events instead of per-event keys. Secrets are sealed like the events' keys
 * (AES-256-GCM, bound to this row's id) and never leave the server; only their hints are shown.
 */
export const stripe_accounts = pgTable(
  'stripe_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose account this is: one per user. */
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    publishable_key: text('publishable_key').notNull(),
    secret_key_enc: text('secret_key_enc').notNull(),
    /** 'sk_live_…abcd' */
    secret_key_hint: text('secret_key_hint').notNull(),
    /** The signing secret of this account's one webhook endpoint (/api/payments/webhook/account/{id}). */
    webhook_secret_enc: text('webhook_secret_enc'),
    webhook_secret_hint: text('webhook_secret_hint'),
    /** What the last successful "Test the keys" read of the saved keys found: Stripe's acct_… id and name. */
    stripe_account_ref: text('stripe_account_ref'),
    account_name: text('account_name'),
    checked_at: timestamp('checked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stripe_accounts_user_key').on(t.user_id),
    check('stripe_accounts_publishable_key', sql`${t.publishable_key} ~ '^pk_(test|live)_'`),
  ],
);
