import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { type TGuestImport, IMPORT_PREVIEW_ROWS } from '../../../common/schemas/guest-imports.ts';
import type { TFormQuestion } from '../../../common/schemas/questions.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { guest_import_rows, guest_imports } from '../../db/schema/guest-imports.ts';
import type { Actor } from '../../domain/event-access.ts';
import { formQuestionsSql } from '../../domain/form-questions.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { AppError } from '../../errors.ts';
import { getImport } from './get-import.ts';
import { decodeFile, detectEncoding, type ReadRow, readCsv, refuseNonCsv } from './read-file.ts';
import { suggestMapping } from './read-row.ts';

/** How long an uploaded file waits to be imported before it is deleted. */
const UNSTARTED_TTL = sql`interval '1 day'`;

/** The event's form questions (docs/product.md#custom-questions), for mapping columns to their answers. */
export async function eventQuestions(db: DbOrTx, eventId: string): Promise<TFormQuestion[]> {
  const [row] = await db.select({ questions: formQuestionsSql }).from(events).where(eq(events.id, eventId));
  return row?.questions ?? [];
}

/** Writes a batch of rows as read: one statement, the cells as JSON arrays. */
async function stageRows(tx: DbOrTx, importId: string, rows: ReadRow[]) {
  const batch = JSON.stringify(rows.map((r) => [r.row, r.cells, r.errors.length ? r.errors : null]));
  await tx.execute(sql`
    INSERT INTO ${guest_import_rows} (import_id, row_no, cells, errors)
    SELECT ${importId}::uuid, (r->>0)::int, ARRAY(SELECT jsonb_array_elements_text(r->1)), nullif(r->2, 'null'::jsonb)
    FROM jsonb_array_elements(${batch}::jsonb) AS r`);
}

/**
 * A host uploads a guest file (docs/product.md#guest-import): owner or co-host of the event (404 for anyone
 * else). The file is read (read-file.ts) and its rows kept for the import, all in one transaction, so a
 * file refused half-way leaves nothing. Nothing is written to the guest list yet. Answers the import with
 * the first rows and the mapping its header suggests. Uploads of a day ago never started are deleted.
 */
export async function uploadImport(o: {
  db: Db;
  actor: Actor;
  eventId: string;
  fileName: string;
  bytes: Uint8Array;
  contentType?: string;
}): Promise<TGuestImport> {
  await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  if (o.bytes.length === 0) throw new AppError('validation_failed', 'The file is empty.', { file: 'The file is empty.' });
  refuseNonCsv(o.bytes, o.contentType);
  const enc = detectEncoding(o.bytes);
  const text = decodeFile(o.bytes, enc);
  const questions = await eventQuestions(o.db, o.eventId);
  const id = await o.db.transaction(async (tx) => {
    let importId = '';
    const read = await readCsv(
      text,
      () => {},
      async (rows) => {
        if (!importId) importId = await insertImport(tx, o, enc.encoding);
        await stageRows(tx, importId, rows);
      },
    );
    if (read.rows === 0)
      throw new AppError('validation_failed', 'The file has a header but no rows.', { file: 'The file has a header but no rows.' });
    await tx
      .update(guest_imports)
      .set({
        headers: read.headers,
        delimiter: read.delimiter,
        row_count: read.rows,
        mapping: suggestMapping(read.headers, questions),
      })
      .where(eq(guest_imports.id, importId));
    return importId;
  });
  await o.db.delete(guest_imports).where(and(isNull(guest_imports.job_id), lt(guest_imports.created_at, sql`now() - ${UNSTARTED_TTL}`)));
  return getImport({ db: o.db, actor: o.actor, eventId: o.eventId, importId: id, sampleRows: IMPORT_PREVIEW_ROWS });
}

async function insertImport(tx: DbOrTx, o: { actor: Actor; eventId: string; fileName: string }, encoding: string): Promise<string> {
  const [row] = await tx
    .insert(guest_imports)
    .values({
      event_id: o.eventId,
      created_by: o.actor.id,
      file_name: o.fileName,
      encoding,
      delimiter: ',',
      headers: [],
      row_count: 0,
      mapping: {},
    })
    .returning({ id: guest_imports.id });
  return row!.id;
}
