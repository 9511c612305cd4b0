import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string; cid?: string };
/**
 * An attachment as queued: its bytes, or (a ticket's QR) the text whose QR code PNG is drawn when the
 * message goes out (outbox/sendable-email.ts): the same bytes on every attempt, drawn after the busy
 * moment rather than inside the guest's request, and about 1.1 kB less in each queued row (ADR 0019).
 */
export type QueuedAttachment = EmailAttachment | { filename: string; contentType: 'image/png'; qrPngOf: string; cid?: string };
/** An e-mail as queued in the outbox. */
export type EmailPayload = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: QueuedAttachment[];
  /** One-click unsubscribe (RFC 8058): the URL a mail client POSTs to, sent as List-Unsubscribe with List-Unsubscribe-Post. */
  unsubscribe?: string;
};
/**
 * A confirmation queued as what it shows (the input of rsvps/confirmation-email.ts, dates as ISO text),
 * rendered when it goes out (outbox/sendable-email.ts): about 1 kB instead of a 12.5 kB rendered e-mail,
 * which PostgreSQL compressed and moved out of line on every RSVP (ADR 0019).
 */
export type QueuedConfirmation = { to: string; subject: string; confirmation: Record<string, unknown> };
/**
 * A guest reminder as queued (docs/product.md#reminders): the event's part and the guest's values, written by
 * one INSERT … SELECT per reminder run and rendered when it goes out (reminders/reminder-email.ts).
 */
export type QueuedReminder = { to: string; subject: string; not_after?: string; reminder: Record<string, unknown> };
/** An e-mail row's payload: rendered, or a confirmation or reminder to render when sent. */
export type QueuedEmail = EmailPayload | QueuedConfirmation | QueuedReminder;
/** An e-mail as handed to a mail channel: every attachment's bytes drawn. */
export type SendableEmail = Omit<EmailPayload, 'attachments'> & { attachments?: EmailAttachment[] };
/** `not_after` (ISO): a message that makes no sense later (a reminder once the event has begun) is given up then. */
export type SmsPayload = { to: string; body: string; not_after?: string };

/**
 * Messages to deliver, written in the same transaction as the change that causes them.
 * Workers claim rows with FOR UPDATE SKIP LOCKED, so several server processes can share one database.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** At most one row per key (e-mail: delivered at least once; SMS: at most once): the cause (e.g. rsvp:{id}:confirmed:{n}). */
    idempotency_key: text('idempotency_key').notNull().unique(),
    payload: jsonb('payload').$type<QueuedEmail | SmsPayload>().notNull(),
    /**
     * 'sending': claimed by a worker until next_attempt_at (its lease); 'superseded': never sent,
     * because a newer message of the same supersede_key outranked it; 'unknown' (SMS only): handed to
     * the provider, whose answer never came (the worker died or timed out), so it is never sent again
     * (docs/decisions/0017-sms.md: at most once).
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'dead', 'superseded', 'unknown'] })
      .notNull()
      .default('pending'),
    /** 'smtp', 'twilio' or 'dev-mailbox' once sent. */
    delivered_via: text('delivered_via'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    last_error: text('last_error'),
    /**
     * SMS only: when this attempt was handed to the provider, committed before the request leaves. A
     * 'sending' row with it set is never claimed again: once its lease runs out it becomes 'unknown'.
     */
    handed_at: timestamp('handed_at', { withTimezone: true }),
    /**
     * Messages about the same thing (e.g. rsvp:{id}) where only the latest matters: a pending one is
     * dropped as 'superseded' once one with the same key and a higher rank (the RSVP's revision)
     * exists, so a retried old confirmation never lands after the newer answer's e-mail.
     */
    supersede_key: text('supersede_key'),
    supersede_rank: integer('supersede_rank'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    // The workers' claim walks this in next_attempt_at order; sent, dead and superseded rows stay out of it.
    index('outbox_due_idx').on(t.next_attempt_at).where(sql`${t.status} in ('pending', 'sending')`),
    index('outbox_supersede_idx').on(t.supersede_key, t.supersede_rank),
    // The claim's "none of this key in flight" check, one small probe per candidate instead of a
    // bitmap of the due index's leases (ADR 0019).
    index('outbox_in_flight_idx').on(t.supersede_key).where(sql`${t.status} = 'sending'`),
  ],
);
