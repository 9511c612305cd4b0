import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { events } from './events.ts';

/**
 * Private calendar feeds (docs/decisions/0036-calendar-feeds.md): one per user for all the events they host
 * (event_id null) and one per user and event. The feed's secret is an HMAC of `nonce` under a key derived
 * from AUTH_SECRET, so the account page can show the link again; the table keeps only its SHA-256 for the
 * lookup, so the database alone opens no feed. Turning a feed off deletes its row; a new link replaces it.
 */
export const calendar_feeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null: the user's feed of every event they host; else that one event's. */
    event_id: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    secret_hash: text('secret_hash').notNull().unique('calendar_feeds_secret_hash_unique'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_user_idx').on(t.user_id).where(sql`${t.event_id} is null`),
    uniqueIndex('calendar_feeds_user_event_idx').on(t.user_id, t.event_id).where(sql`${t.event_id} is not null`),
    index('calendar_feeds_event_idx').on(t.event_id),
  ],
);
