import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { events } from './events.ts';
import { event_rsvps } from './rsvps.ts';

/** What a job was asked to do (jobs.params). */
export type JobParams =
  | {
      kind: 'send-tickets';
      ids?: string[];
      filter?: {
        status?: 'confirmed' | 'maybe' | 'declined' | 'waitlist';
        checked_in?: 'yes' | 'no';
        payment?: 'paid' | 'unpaid';
        q?: string;
      };
    }
  | { kind: 'qr-backfill'; event_ids: string[]; limit: number; dry_run: boolean; force: boolean }
  | {
      kind: 'send-sms';
      ids?: string[];
      filter?: { status?: 'confirmed' | 'maybe' | 'declined'; checked_in?: 'yes' | 'no' };
      exclude?: string[];
      message: string;
    }
  | { kind: 'guest-import'; import_id: string; send_tickets: boolean; send_reminders?: boolean };

/**
 * Server jobs of the guest list (bulk ticket e-mail, QR backfill): created by a request, run by the
 * workers (jobs/run-jobs.ts) in batches, each batch one transaction that also moves `cursor` and the
 * counts, so a restart resumes where the last commit left off and a page reload still sees progress.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['send-tickets', 'qr-backfill', 'send-sms', 'guest-import'] }).notNull(),
    /** The one event it works on; null for a backfill over every event the creator manages. */
    event_id: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    created_by: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    params: jsonb('params').$type<JobParams>().notNull(),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    result: jsonb('result').$type<Record<string, number | string | boolean>>(),
    /** The last RSVP id processed (items go in id order). */
    cursor: uuid('cursor'),
    /** A worker holds the job until then (its lease); an expired lease lets another take over. */
    locked_until: timestamp('locked_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_open_idx').on(t.created_at).where(sql`${t.status} in ('queued', 'running')`),
    check('jobs_kind', sql`${t.kind} IN ('send-tickets','qr-backfill','send-sms','guest-import')`),
    check('jobs_status', sql`${t.status} IN ('queued','running','done','failed','cancelled')`),
  ],
);

/**
 * Short links /s/{code} (docs/product.md#short-links): one per RSVP and target. A link opens the
 * target only while the ticket it was made for is current (`ticket_secret`): regenerating a ticket
 * locks the old holder out, short link included, and the next POST makes a new code.
 */
export const short_links = pgTable(
  'short_links',
  {
    /** ≥ 7 random base62 characters. */
    code: text('code').primaryKey(),
    rsvp_id: uuid('rsvp_id')
      .notNull()
      .references(() => event_rsvps.id, { onDelete: 'cascade' }),
    target: text('target', { enum: ['ticket'] }).notNull(),
    /** The ticket secret the link was made for. */
    ticket_secret: text('ticket_secret').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('short_links_rsvp_target_key').on(t.rsvp_id, t.target), check('short_links_target', sql`${t.target} IN ('ticket')`)],
);
