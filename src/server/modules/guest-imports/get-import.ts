import { and, asc, desc, eq } from 'drizzle-orm';
import { IMPORT_LIST, IMPORT_REPORT_ERRORS, type TGuestImport } from '../../../common/schemas/guest-imports.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { DbOrTx } from '../../db/client.ts';
import { guest_import_rows, guest_imports } from '../../db/schema/guest-imports.ts';
import { type JobParams, jobs } from '../../db/schema/guests.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { notFound } from '../../errors.ts';

export const IMPORT_NOT_FOUND = 'Import not found';

const importColumns = {
  imp: guest_imports,
  job: { status: jobs.status, done: jobs.done, result: jobs.result, finished_at: jobs.finished_at, params: jobs.params },
};
type ImportRow = {
  imp: typeof guest_imports.$inferSelect;
  job: {
    status: TGuestImport['status'];
    done: number;
    result: Record<string, unknown> | null;
    finished_at: Date | null;
    params: JobParams;
  } | null;
};

/** An import row as the API answers it; `sample` and `errors` only where asked for. */
function toImport({ imp, job }: ImportRow, extra: Pick<TGuestImport, 'sample' | 'errors'> = { sample: [], errors: [] }): TGuestImport {
  const count = (k: string) => Number(job?.result?.[k] ?? 0);
  const params = job?.params.kind === 'guest-import' ? job.params : null;
  return {
    id: imp.id,
    event_id: imp.event_id,
    file_name: imp.file_name,
    encoding: imp.encoding,
    delimiter: imp.delimiter,
    headers: imp.headers,
    row_count: imp.row_count,
    mapping: imp.mapping,
    status: job ? job.status : 'uploaded',
    send_tickets: params?.send_tickets ?? false,
    send_reminders: params?.send_reminders === true,
    done: job?.done ?? 0,
    counts: {
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      failed: count('failed'),
      tickets_queued: count('tickets_queued'),
    },
    ...extra,
    created_at: imp.created_at.toISOString(),
    finished_at: job?.finished_at?.toISOString() ?? null,
  };
}

/** The import as its screen shows it: how the file was read, its progress and counts, the first rows that failed. */
export async function getImport(o: {
  db: DbOrTx;
  actor: Actor;
  eventId: string;
  importId: string;
  sampleRows?: number;
}): Promise<TGuestImport> {
  await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  if (!isUuid(o.importId)) throw notFound(IMPORT_NOT_FOUND);
  const [row] = await o.db
    .select(importColumns)
    .from(guest_imports)
    .leftJoin(jobs, eq(jobs.id, guest_imports.job_id))
    .where(and(eq(guest_imports.id, o.importId), eq(guest_imports.event_id, o.eventId)));
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  const [sample, failed] = await Promise.all([
    o.sampleRows
      ? o.db
          .select({ cells: guest_import_rows.cells })
          .from(guest_import_rows)
          .where(eq(guest_import_rows.import_id, row.imp.id))
          .orderBy(asc(guest_import_rows.row_no))
          .limit(o.sampleRows)
      : [],
    row.job
      ? o.db
          .select({ row: guest_import_rows.row_no, errors: guest_import_rows.errors })
          .from(guest_import_rows)
          .where(and(eq(guest_import_rows.import_id, row.imp.id), eq(guest_import_rows.outcome, 'failed')))
          .orderBy(asc(guest_import_rows.row_no))
          .limit(IMPORT_REPORT_ERRORS)
      : [],
  ]);
  return toImport(row as ImportRow, {
    sample: sample.map((x) => x.cells),
    errors: failed.map((f) => ({ row: f.row, errors: f.errors ?? [] })),
  });
}

/** The event's imports started so far, newest first (IMPORT_LIST of them): their reports stay reachable after the dialog closes. */
export async function listImports(o: { db: DbOrTx; actor: Actor; eventId: string }): Promise<TGuestImport[]> {
  await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  const rows = await o.db
    .select(importColumns)
    .from(guest_imports)
    .innerJoin(jobs, eq(jobs.id, guest_imports.job_id))
    .where(eq(guest_imports.event_id, o.eventId))
    .orderBy(desc(guest_imports.created_at))
    .limit(IMPORT_LIST);
  return rows.map((r) => toImport(r as ImportRow));
}

/** The import row for a preview or a start: 404 unless it is this event's; `started` says whether its job exists. */
export async function importOf(db: DbOrTx, eventId: string, importId: string) {
  if (!isUuid(importId)) throw notFound(IMPORT_NOT_FOUND);
  const [imp] = await db
    .select({ id: guest_imports.id, headers: guest_imports.headers, row_count: guest_imports.row_count, job_id: guest_imports.job_id })
    .from(guest_imports)
    .where(and(eq(guest_imports.id, importId), eq(guest_imports.event_id, eventId)));
  if (!imp) throw notFound(IMPORT_NOT_FOUND);
  return imp;
}
