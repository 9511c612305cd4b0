import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from './auth.ts';
import { eventIdColumn } from './events.ts';
import { event_rsvps } from './rsvps.ts';
import { order_tickets } from './tickets.ts';

/**
 * The append-only check-in log (docs/decisions/0014-check-in.md): every admission, undo and refusal at
 * the door, with who, on which device, when the device scanned it and when the server received it.
 * A (user, nonce) pair is one scan: a retry with the same nonce answers this row's verdict again.
 * event_rsvps.checked_in_count is what the log adds up to, kept in the same transaction.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: eventIdColumn(),
    /** Null when the scan matched no RSVP (an invalid or foreign ticket). */
    rsvp_id: uuid('rsvp_id').references(() => event_rsvps.id, { onDelete: 'cascade' }),
    /** The order ticket scanned (an event with ticket types: docs/decisions/0028-ticket-types.md); else null. */
    ticket_id: uuid('ticket_id').references((): AnyPgColumn => order_tickets.id, { onDelete: 'set null' }),
    user_id: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    device: text('device'),
    /** 'entry' admits guests, 'undo' takes admissions back. */
    kind: text('kind', { enum: ['entry', 'undo'] }).notNull(),
    /** Guests this row admitted (negative for an undo); 0 when refused. */
    admitted: integer('admitted').notNull().default(0),
    /** Null when it went through; else why not (CHECKIN_REFUSALS). */
    reason: text('reason'),
    nonce: text('nonce').notNull(),
    scanned_at: timestamp('scanned_at', { withTimezone: true }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkins_user_nonce_key').on(t.user_id, t.nonce),
    index('checkins_rsvp_idx').on(t.rsvp_id, t.received_at),
    index('checkins_event_idx').on(t.event_id, t.received_at),
    check('checkins_kind', sql`${t.kind} IN ('entry', 'undo')`),
  ],
);
