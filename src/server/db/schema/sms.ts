import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { eventIdColumn } from './events.ts';
import { jobs } from './guests.ts';
import { outbox } from './outbox.ts';
import { event_rsvps } from './rsvps.ts';

/**
 * The SMS a host sent to a guest (docs/product.md#sms): one row per message, single or of a bulk job,
 * pointing at the outbox row that delivers it, whose status and last_error are the delivery status the
 * guest list shows. A message not sent has no outbox row and a `skipped` reason instead.
 */
export const sms_messages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: eventIdColumn(),
    rsvp_id: uuid('rsvp_id').references(() => event_rsvps.id, { onDelete: 'cascade' }),
    job_id: uuid('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    sent_by: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    /** E.164. */
    to: text('to').notNull(),
    outbox_id: uuid('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    /** Why no message went out: the guest has no phone, or the number opted out (STOP). */
    skipped: text('skipped', { enum: ['no-phone', 'opted-out', 'cancelled'] }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_messages_rsvp_idx').on(t.rsvp_id, t.created_at),
    index('sms_messages_job_idx').on(t.job_id),
    check('sms_messages_skipped', sql`${t.skipped} IN ('no-phone','opted-out','cancelled')`),
  ],
);

/** Numbers that replied STOP (Twilio answers error 21610 for them): no SMS is sent to them again. */
export const sms_opt_outs = pgTable('sms_opt_outs', {
  /** E.164. */
  phone: text('phone').primaryKey(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
