import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '../../../common/schemas/api-keys.ts';
import { user } from './auth.ts';

/**
 * A user's API keys (docs/decisions/0029-api-keys.md). Only the SHA-256 of the secret is stored: the
 * secret is 256 random bits, so a fast hash cannot be searched backwards, and a request finds its key by
 * the hash's index. A revoked key keeps its row (revoked_at) until the account goes.
 */
export const api_keys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secret_hash: text('secret_hash').notNull().unique('api_keys_secret_hash_unique'),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('api_keys_user_idx').on(t.user_id),
    check(
      'api_keys_scopes',
      sql`cardinality(${t.scopes}) > 0 AND ${t.scopes} <@ ARRAY['events:read','events:write','guests:read','guests:write','checkin']::text[]`,
    ),
  ],
);
