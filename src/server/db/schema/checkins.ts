import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { session, user } from './auth.ts';
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

/**
 * A device prepared for offline check-in of one event (docs/decisions/0035-offline-door.md): bound to the
 * session that prepared it (signing out deletes the row), holding the key that encrypts its copy of the
 * guest list. A device whose row is gone or revoked is told so on its next contact and wipes its copy.
 */
export const checkin_devices = pgTable(
  'checkin_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: eventIdColumn(),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    session_id: text('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    label: text('label'),
    /** 32 random bytes, base64url: the device's AES-GCM key and the key of its code hashes. */
    data_key: text('data_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('checkin_devices_event_idx').on(t.event_id), index('checkin_devices_session_idx').on(t.session_id)],
);

/**
 * What each offline scan asked and got when its device synced (ADR 0035): the conflicts both devices are
 * shown come from here. One row per (device, nonce); the admission itself is the checkins row.
 */
export const offline_scans = pgTable(
  'offline_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: eventIdColumn(),
    device_id: uuid('device_id').notNull(),
    device: text('device'),
    nonce: text('nonce').notNull(),
    rsvp_id: uuid('rsvp_id').references(() => event_rsvps.id, { onDelete: 'cascade' }),
    requested: integer('requested').notNull(),
    admitted: integer('admitted').notNull(),
    reason: text('reason'),
    scanned_at: timestamp('scanned_at', { withTimezone: true }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('offline_scans_device_nonce_key').on(t.device_id, t.nonce), index('offline_scans_rsvp_idx').on(t.rsvp_id)],
);
