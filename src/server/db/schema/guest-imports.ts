import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TImportMapping, TRowError } from '../../../common/schemas/guest-imports.ts';
import { user } from './auth.ts';
import { eventIdColumn } from './events.ts';
import { jobs } from './guests.ts';

/**
 * A CSV a host uploaded to import guests (docs/product.md#guest-import, ADR 0032): how it was read and
 * its header; its rows wait in guest_import_rows until the import job has read them. The job is the
 * `guest-import` row of `jobs` (progress, counts); an upload never started is deleted after a day.
 */
export const guest_imports = pgTable(
  'guest_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: eventIdColumn(),
    created_by: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    file_name: text('file_name').notNull(),
    /** The character encoding and the separator the file was read with. */
    encoding: text('encoding').notNull(),
    delimiter: text('delimiter').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    row_count: integer('row_count').notNull(),
    /** The suggested mapping until the import starts, then the one it runs with. */
    mapping: jsonb('mapping').$type<Partial<TImportMapping>>().notNull(),
    /** Set once, by the one request that starts the import (a second start is refused). */
    started_at: timestamp('started_at', { withTimezone: true }),
    job_id: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guest_imports_event_idx').on(t.event_id, t.created_at)],
);

/**
 * An uploaded file's rows as read (cells), numbered from 1 under the header. The import job reads them in
 * row order, a batch per transaction, and records each row's outcome in the same transaction (so a
 * restarted job never reads a row twice); a finished import keeps only the rows that failed, with why.
 */
export const guest_import_rows = pgTable(
  'guest_import_rows',
  {
    import_id: uuid('import_id')
      .notNull()
      .references(() => guest_imports.id, { onDelete: 'cascade' }),
    row_no: integer('row_no').notNull(),
    cells: text('cells').array().notNull(),
    /** null until read: 'created', 'updated', 'unchanged' or 'failed'. */
    outcome: text('outcome', { enum: ['created', 'updated', 'unchanged', 'failed'] }),
    errors: jsonb('errors').$type<TRowError[]>(),
  },
  (t) => [primaryKey({ columns: [t.import_id, t.row_no] })],
);
