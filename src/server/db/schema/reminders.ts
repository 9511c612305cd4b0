import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { eventIdColumn } from './events.ts';

/**
 * One row per reminder of an event that is done (docs/product.md#reminders): 'sent' once its messages are
 * queued, in the same transaction; 'skipped' when it was already due when it was set, or when a later
 * reminder of the same event fell due with it (after downtime only the latest goes). The primary key is
 * what makes a reminder go once, whichever process gets there first; a reminder without a row is pending.
 */
export const event_reminder_runs = pgTable(
  'event_reminder_runs',
  {
    event_id: eventIdColumn(),
    minutes_before: integer('minutes_before').notNull(),
    status: text('status', { enum: ['sent', 'skipped'] }).notNull(),
    /** Guests e-mailed and texted by a sent reminder. */
    emails: integer('emails').notNull().default(0),
    texts: integer('texts').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.event_id, t.minutes_before] }),
    check('event_reminder_runs_status', sql`${t.status} IN ('sent', 'skipped')`),
  ],
);
