import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  IMPORT_PREVIEW_ROWS,
  type TGuestImport,
  type TImportMapping,
  type TImportPreview,
  type TRowError,
} from '../../../common/schemas/guest-imports.ts';
import type { Db } from '../../db/client.ts';
import { guest_import_rows, guest_imports } from '../../db/schema/guest-imports.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { startJob } from '../../domain/start-job.ts';
import { AppError } from '../../errors.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import { getImport, importOf } from './get-import.ts';
import { readRow } from './read-row.ts';
import { eventQuestions } from './upload-import.ts';

const ALREADY_STARTED = 'This file is already imported or importing: upload it again to import it once more.';

/** 400 naming the field whose column the file does not have. */
function checkColumns(headers: readonly string[], mapping: TImportMapping) {
  const beyond = Object.entries(mapping).find(([k, c]) => k !== 'answers' && typeof c === 'number' && c >= headers.length);
  const answer = Object.entries(mapping.answers ?? {}).find(([, c]) => c >= headers.length);
  const field = beyond ? beyond[0] : answer ? `mapping.answers.${answer[0]}` : null;
  if (field)
    throw new AppError('validation_failed', 'The file has no such column.', {
      [field.startsWith('mapping.') ? field : `mapping.${field}`]: 'The file has no such column.',
    });
}

/**
 * The first IMPORT_PREVIEW_ROWS rows as `mapping` reads them (docs/product.md#guest-import): each row's values,
 * its errors, and whether it would add a guest or change the one with its e-mail. Writes nothing.
 */
export async function previewImport(o: {
  db: Db;
  actor: Actor;
  eventId: string;
  importId: string;
  mapping: TImportMapping;
}): Promise<TImportPreview> {
  await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  const imp = await importOf(o.db, o.eventId, o.importId);
  checkColumns(imp.headers, o.mapping);
  const [rows, questions] = await Promise.all([
    o.db
      .select({ row: guest_import_rows.row_no, cells: guest_import_rows.cells, errors: guest_import_rows.errors })
      .from(guest_import_rows)
      .where(eq(guest_import_rows.import_id, imp.id))
      .orderBy(asc(guest_import_rows.row_no))
      .limit(IMPORT_PREVIEW_ROWS),
    eventQuestions(o.db, o.eventId),
  ]);
  const read = rows.map((r) => ({ row: r.row, staged: r.errors ?? [], ...readRow(r.cells, o.mapping, questions) }));
  const emails = [...new Set(read.map((r) => r.values.email).filter(Boolean))];
  const known = emails.length
    ? await o.db
        .select({ email: event_rsvps.email })
        .from(event_rsvps)
        .where(and(eq(event_rsvps.event_id, o.eventId), inArray(event_rsvps.email, emails)))
    : [];
  const existing = new Set(known.map((k) => k.email));
  const firstRow = new Map<string, number>();
  return {
    rows: read.map((r) => {
      const errors: TRowError[] = [...r.staged, ...r.errors];
      const first = r.values.email ? firstRow.get(r.values.email) : undefined;
      if (first !== undefined) errors.push({ field: 'email', message: `Row ${first} has the same e-mail address: each guest once.` });
      else if (r.values.email) firstRow.set(r.values.email, r.row);
      const { answers: _answers, ...values } = r.values;
      return { row: r.row, action: errors.length ? 'skip' : existing.has(r.values.email) ? 'update' : 'create', values, errors };
    }),
  };
}

/**
 * Starts the import of an uploaded file with `mapping` (docs/product.md#guest-import): once per upload (the
 * first request claims it; another gets 409), as a server job (domain/start-job.ts: limited per account and
 * per event, 429) that the workers run a batch at a time (import-batch.ts). Answers the import, queued.
 */
export async function startImport(o: {
  db: Db;
  limits: RateLimits;
  actor: Actor;
  eventId: string;
  importId: string;
  mapping: TImportMapping;
  sendTickets: boolean;
  sendReminders: boolean;
}): Promise<TGuestImport> {
  await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  const imp = await importOf(o.db, o.eventId, o.importId);
  checkColumns(imp.headers, o.mapping);
  const claimed = await o.db
    .update(guest_imports)
    .set({ started_at: new Date(), mapping: o.mapping })
    .where(and(eq(guest_imports.id, imp.id), isNull(guest_imports.started_at)))
    .returning({ id: guest_imports.id });
  if (!claimed.length) throw new AppError('conflict', ALREADY_STARTED);
  try {
    await markDuplicates(o.db, imp.id, o.mapping.email!);
    const job = await startJob({
      db: o.db,
      limits: o.limits,
      actorId: o.actor.id,
      eventId: o.eventId,
      eventIds: [o.eventId],
      params: { kind: 'guest-import', import_id: imp.id, send_tickets: o.sendTickets, send_reminders: o.sendReminders },
      oneAtATime: false,
      count: async () => imp.row_count,
    });
    await o.db.update(guest_imports).set({ job_id: job.id }).where(eq(guest_imports.id, imp.id));
  } catch (err) {
    await o.db.update(guest_imports).set({ started_at: null }).where(eq(guest_imports.id, imp.id));
    throw err;
  }
  return getImport({ db: o.db, actor: o.actor, eventId: o.eventId, importId: imp.id });
}

/**
 * Each row whose e-mail an earlier row of the file has gets its error now, in one statement over the kept rows
 * (the cells are trimmed; lower() is normalizeEmail's lower-casing), so the import's batches need not look back.
 */
async function markDuplicates(db: Db, importId: string, emailColumn: number) {
  const col = emailColumn + 1; // SQL arrays count from 1
  await db.execute(sql`
    UPDATE ${guest_import_rows} AS g
    SET errors = coalesce(g.errors, '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
      'field', 'email', 'message', 'Row ' || d.first || ' has the same e-mail address: each guest once.'))
    FROM (
      SELECT row_no, first_value(row_no) OVER w AS first, row_number() OVER w AS n
      FROM ${guest_import_rows}
      WHERE import_id = ${importId}::uuid AND coalesce(cells[${col}], '') <> ''
      WINDOW w AS (PARTITION BY lower(cells[${col}]) ORDER BY row_no)) AS d
    WHERE g.import_id = ${importId}::uuid AND g.row_no = d.row_no AND d.n > 1
      AND NOT coalesce(g.errors, '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('field', 'email',
        'message', 'Row ' || d.first || ' has the same e-mail address: each guest once.'))`);
}
