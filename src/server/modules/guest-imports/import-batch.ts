import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { RsvpStatus } from '../../../common/constants.ts';
import type { TImportMapping, TRowError } from '../../../common/schemas/guest-imports.ts';
import type { TAnswerValue } from '../../../common/schemas/questions.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { guest_import_rows, guest_imports } from '../../db/schema/guest-imports.ts';
import { type JobParams, jobs } from '../../db/schema/guests.ts';
import { rsvp_answers } from '../../db/schema/questions.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { order_tickets } from '../../db/schema/tickets.ts';
import { type SeatCount, seatCountOf } from '../../db/seat-commits.ts';
import { answeredTicketColumns, type TicketConfig } from '../../domain/ticket-fields.ts';
import { queueGuestEmail } from '../rsvps/queue-answer-email.ts';
import { newManageSecret } from '../rsvps/rsvp-answer.ts';
import { seatsHeld } from '../rsvps/seats.ts';
import { type RowValues, readRow } from './read-row.ts';
import { eventQuestions } from './upload-import.ts';

/** Rows read per transaction: the event's seat row is locked for the batch's writes only. */
export const IMPORT_BATCH = 1_000;

type ImportParams = Extract<JobParams, { kind: 'guest-import' }>;
type Outcome = 'created' | 'updated' | 'unchanged' | 'failed';
export type ImportCounts = { created: number; updated: number; unchanged: number; failed: number; tickets_queued: number };

const existingColumns = {
  id: event_rsvps.id,
  email: event_rsvps.email,
  name: event_rsvps.name,
  phone: event_rsvps.phone,
  notes: event_rsvps.notes,
  status: event_rsvps.status,
  guest_count: event_rsvps.guest_count,
  payment_status: event_rsvps.payment_status,
  legacy_code: event_rsvps.legacy_code,
  revision: event_rsvps.revision,
  ticket_secret: event_rsvps.ticket_secret,
  qr_nonce: event_rsvps.qr_nonce,
  qr_version: event_rsvps.qr_version,
  /** An order of ticket types (ADR 0028): its tickets carry the QR codes and its party is fixed. */
  has_order: sql<boolean>`exists (select 1 from ${order_tickets} t where t.rsvp_id = ${event_rsvps.id})`,
};
type Existing = {
  id: string;
  email: string | null;
  name: string;
  phone: string | null;
  notes: string | null;
  status: string;
  guest_count: number;
  payment_status: string | null;
  legacy_code: string | null;
  revision: number;
  ticket_secret: string;
  qr_nonce: string;
  qr_version: number;
  has_order: boolean;
};

type Decided = { row: number; email: string; outcome: Outcome; errors: TRowError[]; rsvpId?: string; ticketed?: boolean };

const seatWord = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/**
 * One batch of a guest import (docs/product.md#guest-import, ADR 0032), in the job's transaction: the next
 * IMPORT_BATCH rows not yet read, in file order. Each row becomes a new guest, updates the guest with its
 * e-mail (an import again updates, never duplicates), or fails with its reasons; the batch's guests, their
 * answers, the seat counter and each row's outcome commit together, so a crash repeats nothing. Capacity
 * is exact: the event's seat row is locked for the writes and a row that would pass it fails ("the event is
 * full"), as the seat transaction of an RSVP would refuse it. With `send_tickets` each attending guest's
 * ticket e-mail is queued, keyed by the job. Returns the batch's counts and, for the seat figures, the counter.
 */
export async function importBatch(
  tx: DbOrTx,
  o: { config: TicketConfig; jobId: string; eventId: string; params: ImportParams; attempt: number },
): Promise<{ items: number; failed: number; end: boolean; counts: ImportCounts; seats?: SeatCount }> {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, failed: 0, tickets_queued: 0 };
  const importId = o.params.import_id;
  // The guest list grows by the import itself faster than its statistics follow: a plan made for the small table
  // it was would scan all of it for every batch. Each query here is an index lookup by design.
  await tx.execute(sql`SET LOCAL enable_seqscan = off`);
  const rows = await tx
    .select({ row: guest_import_rows.row_no, cells: guest_import_rows.cells, errors: guest_import_rows.errors })
    .from(guest_import_rows)
    // Rows go in order, each batch's outcomes committed with the job's count of rows read (run-jobs.ts): the next are after it.
    .where(
      and(
        eq(guest_import_rows.import_id, importId),
        gt(guest_import_rows.row_no, sql`(SELECT ${jobs.done} FROM ${jobs} WHERE ${jobs.id} = ${o.jobId})`),
        isNull(guest_import_rows.outcome),
      ),
    )
    .orderBy(asc(guest_import_rows.row_no))
    .limit(IMPORT_BATCH);
  if (!rows.length) {
    // The end: only the rows that failed stay, for the report.
    await tx.delete(guest_import_rows).where(and(eq(guest_import_rows.import_id, importId), ne(guest_import_rows.outcome, 'failed')));
    return { items: 0, failed: 0, end: true, counts };
  }
  const [imp] = await tx.select({ mapping: guest_imports.mapping }).from(guest_imports).where(eq(guest_imports.id, importId));
  const mapping = imp!.mapping as TImportMapping;
  const questions = await eventQuestions(tx, o.eventId);
  const read = rows.map((r) =>
    r.errors?.length ? { row: r.row, values: null, errors: r.errors } : { row: r.row, ...readRow(r.cells, mapping, questions) },
  );

  const emails = [...new Set(read.flatMap((r) => (r.values?.email ? [r.values.email] : [])))];
  const codes = [...new Set(read.flatMap((r) => (r.values?.ticket_code ? [r.values.ticket_code] : [])))];
  // One after the other: the queries share the job's transaction (one connection). Each value is looked up alone in
  // the unique index of (event_id, email) or (event_id, legacy_code): the guest list grows by the import faster than
  // its statistics follow, and a plan made for the small list it was would read the whole event for every batch.
  // The guest with each e-mail; a party on the waitlist is not locked (its offers lock the event's row first,
  // promote-guest.ts), its row here only says why it stays as it is.
  const byEmailSql = (waitlist: boolean) => sql`
    SELECT r.* FROM unnest(${sql.param(emails)}::text[]) AS e(email)
    CROSS JOIN LATERAL (
      SELECT ${sql.join(
        Object.entries(existingColumns).map(([k, c]) => sql`${c} AS ${sql.identifier(k)}`),
        sql`, `,
      )}
      FROM ${event_rsvps}
      WHERE ${event_rsvps.event_id} = ${o.eventId} AND ${event_rsvps.email} IS NOT NULL AND ${event_rsvps.email} = e.email
        AND ${event_rsvps.status} ${waitlist ? sql`IN` : sql`NOT IN`} ('waitlisted', 'offered')
      ${waitlist ? sql`` : sql`FOR UPDATE`}) AS r`;
  const existing = emails.length ? (await tx.execute<Existing>(sql`${byEmailSql(false)} UNION ALL ${byEmailSql(true)}`)).rows : [];
  const codeHolders = codes.length
    ? (
        await tx.execute<{ code: string; email: string | null }>(sql`
          SELECT c.code, r.email FROM unnest(${sql.param(codes)}::text[]) AS c(code)
          CROSS JOIN LATERAL (SELECT ${event_rsvps.email} AS email FROM ${event_rsvps}
            WHERE ${event_rsvps.event_id} = ${o.eventId} AND ${event_rsvps.legacy_code} IS NOT NULL AND ${event_rsvps.legacy_code} = c.code) AS r`)
      ).rows
    : [];

  // An e-mail twice in the file is caught when the import starts (start-import.ts markDuplicates); this is the batch's own.
  const seenAt = new Map<string, number>();
  const byEmail = new Map(existing.map((e) => [e.email!, e]));
  const codeOwner = new Map(codeHolders.map((c) => [c.code, c.email]));
  const mappedQuestions = Object.keys(mapping.answers ?? {}).filter((id) => questions.some((q) => q.id === id));
  const oldAnswers = await answersOf(
    tx,
    existing.map((e) => e.id),
    mappedQuestions,
  );

  // The seats as they are now, not locked: the batch takes its seats last, in one conditional UPDATE (takeSeats), as an
  // RSVP does after writing its row, so an import never holds the event's row while it writes and never waits for it
  // in the opposite order to an answer. A last attempt (o.attempt) locks it first instead (see run-jobs.ts).
  const q = tx.select({ max: events.max_attendees, taken: events.seats_taken }).from(events).where(eq(events.id, o.eventId));
  const [ev] = o.attempt >= IMPORT_LAST_ATTEMPT ? await q.for('no key update') : await q;
  let taken = ev!.taken;
  let delta = 0;

  const decided: Decided[] = [];
  const inserts: (typeof event_rsvps.$inferInsert)[] = [];
  const updates: Record<string, unknown>[] = [];
  const answerWrites: { rsvp_id: string; question_id: string; value: TAnswerValue | null }[] = [];
  const now = new Date();

  for (const r of read) {
    const fail = (errors: TRowError[]) => decided.push({ row: r.row, email: r.values?.email ?? '', outcome: 'failed', errors });
    if (!r.values || r.errors.length) {
      fail(r.errors);
      continue;
    }
    const v = r.values;
    const first = seenAt.get(v.email);
    if (first !== undefined) {
      fail([{ field: 'email', message: `Row ${first} has the same e-mail address: each guest once.` }]);
      continue;
    }
    const owner = v.ticket_code ? codeOwner.get(v.ticket_code) : undefined;
    if (v.ticket_code && owner !== undefined && owner !== v.email) {
      fail([{ field: 'ticket_code', message: 'Another guest of this event already has this ticket code.' }]);
      continue;
    }
    const cur = byEmail.get(v.email);
    const next = nextState(cur, v);
    if ('error' in next) {
      fail([next.error]);
      continue;
    }
    const seats = seatsHeld(next) - (cur ? seatsHeld(cur) : 0);
    if (seats > 0 && ev!.max !== null && taken + seats > ev!.max) {
      const left = Math.max(0, ev!.max - taken);
      fail([
        {
          field: v.guest_count !== null ? 'guest_count' : 'status',
          message: `The event is full: ${seatWord(next.guest_count)} did not fit (${seatWord(left)} left).`,
        },
      ]);
      continue;
    }
    taken += seats;
    delta += seats;
    seenAt.set(v.email, r.row);
    if (v.ticket_code) codeOwner.set(v.ticket_code, v.email);
    const confirmed = next.status === 'confirmed';
    // A changed answer; null removes one the guest has (a box's "no").
    const answers = Object.entries(v.answers).filter(([q, value]) => {
      const had = oldAnswers.get(`${cur?.id}:${q}`);
      return value === null ? had !== undefined : !sameAnswer(had, value);
    });

    if (!cur) {
      const id = randomUUID();
      const { columns } = answeredTicketColumns(o.config, { prev: null, confirmed });
      inserts.push({
        id,
        event_id: o.eventId,
        name: v.name,
        email: v.email,
        phone: v.phone,
        notes: v.notes,
        guest_count: next.guest_count,
        status: next.status,
        type: 'rsvp',
        revision: 1,
        ...columns,
        manage_secret: newManageSecret(),
        legacy_code: v.ticket_code,
        confirmed_at: confirmed ? now : null,
        reminders_off: o.params.send_reminders !== true,
      });
      for (const [q, value] of answers) answerWrites.push({ rsvp_id: id, question_id: q, value });
      decided.push({ row: r.row, email: v.email, outcome: 'created', errors: [], rsvpId: id, ticketed: confirmed });
      continue;
    }
    const fields = {
      name: v.name,
      phone: v.phone ?? cur.phone,
      notes: v.notes ?? cur.notes,
      legacy_code: v.ticket_code ?? cur.legacy_code,
      status: next.status,
      guest_count: next.guest_count,
    };
    const same = (Object.keys(fields) as (keyof typeof fields)[]).every((k) => fields[k] === cur[k]) && answers.length === 0;
    // A party on the waitlist moves by its offers and the guest list's actions only: its row is not locked here.
    if (!same && (cur.status === 'waitlisted' || cur.status === 'offered')) {
      fail([{ field: 'email', message: 'This guest is on the waitlist: change them from the guest list.' }]);
      continue;
    }
    if (same) {
      decided.push({ row: r.row, email: v.email, outcome: 'unchanged', errors: [], rsvpId: cur.id, ticketed: confirmed });
      continue;
    }
    // Only a change of status touches the ticket: leaving 'yes' retires its QR (domain/ticket-fields.ts).
    const moved = next.status !== cur.status;
    const { columns } = answeredTicketColumns(o.config, { prev: cur, confirmed });
    updates.push({
      id: cur.id,
      ...fields,
      revision: cur.revision + 1,
      moved,
      ...(moved ? { ...columns, confirmed_at: confirmed ? now.toISOString() : null } : {}),
    });
    for (const [q, value] of answers) answerWrites.push({ rsvp_id: cur.id, question_id: q, value });
    decided.push({ row: r.row, email: v.email, outcome: 'updated', errors: [], rsvpId: cur.id, ticketed: confirmed });
  }

  const raced = await writeGuests(tx, inserts, updates);
  // A guest who answered with a row's e-mail while this batch ran (rare): that row is reported, its seats not taken.
  for (const i of inserts) if (raced.has(i.id!)) delta -= seatsHeld({ status: i.status!, guest_count: i.guest_count! });
  const kept = decided.map((d) =>
    d.outcome === 'created' && raced.has(d.rsvpId!)
      ? {
          ...d,
          outcome: 'failed' as const,
          errors: [{ field: 'email', message: 'This guest answered while the import ran: import the file again to update them.' }],
        }
      : d,
  );
  await writeAnswers(
    tx,
    answerWrites.filter((a) => !raced.has(a.rsvp_id)),
  );
  await recordOutcomes(tx, importId, kept);
  for (const d of kept) counts[d.outcome]++;
  if (o.params.send_tickets) {
    for (const d of kept) {
      if (d.outcome === 'failed' || !d.ticketed) continue;
      const mail = await queueGuestEmail(tx, {
        config: o.config,
        rsvpId: d.rsvpId!,
        key: `import:${o.jobId}:${d.rsvpId}`,
        ticketOnly: true,
      });
      if ('queued' in mail && mail.queued) counts.tickets_queued++;
    }
  }
  // Last: the seats, held from here to the commit only.
  const count = await takeSeats(tx, o.eventId, delta);
  return { items: kept.length, failed: counts.failed, end: false, counts, seats: count };
}

/** The event's seats moved since the batch read them, so its decisions may be wrong: the batch is run again (run-jobs.ts). */
export class SeatsMoved extends Error {
  constructor() {
    super('guest import: the event filled up while the batch was written; running it again');
  }
}
/** Attempts of one batch (deadlocks, SeatsMoved); the last locks the event's seat row first. */
export const IMPORT_ATTEMPTS = 5;
export const IMPORT_LAST_ATTEMPT = IMPORT_ATTEMPTS;

/** Moves the event's seat counter by `delta` unless that passes its capacity (SeatsMoved); the counter for the seat figures. */
async function takeSeats(tx: DbOrTx, eventId: string, delta: number): Promise<SeatCount | undefined> {
  if (delta === 0) return undefined;
  const [row] = await tx
    .update(events)
    .set({ seats_taken: sql`${events.seats_taken} + ${delta}`, seats_version: sql`${events.seats_version} + 1` })
    .where(
      and(
        eq(events.id, eventId),
        delta < 0 ? undefined : sql`(${events.max_attendees} IS NULL OR ${events.seats_taken} + ${delta} <= ${events.max_attendees})`,
      ),
    )
    .returning({ seats_taken: events.seats_taken, seats_version: events.seats_version });
  if (!row) throw new SeatsMoved();
  return seatCountOf(eventId, row);
}

/** The guest a row makes of `cur` (or of nobody): status and party from the row, else as they are (new: yes, 1). */
function nextState(cur: Existing | undefined, v: RowValues): { status: RsvpStatus; guest_count: number } | { error: TRowError } {
  if (!cur) return { status: v.status ?? 'confirmed', guest_count: v.guest_count ?? 1 };
  const status = v.status ?? cur.status;
  const guest_count = v.guest_count ?? cur.guest_count;
  const moves = status !== cur.status || guest_count !== cur.guest_count;
  if (moves && (cur.status === 'waitlisted' || cur.status === 'offered'))
    return {
      error: {
        field: v.status !== null ? 'status' : 'guest_count',
        message: 'This guest is on the waitlist: change them from the guest list.',
      },
    };
  if (moves && cur.has_order)
    return {
      error: {
        field: v.status !== null ? 'status' : 'guest_count',
        message: 'This guest has an order of tickets: change it from the guest list.',
      },
    };
  if (moves && cur.payment_status !== null)
    return {
      error: {
        field: v.status !== null ? 'status' : 'guest_count',
        message: 'This guest has a payment: change their answer from the guest list.',
      },
    };
  return { status: status as RsvpStatus, guest_count };
}

const sameAnswer = (a: TAnswerValue | undefined, b: TAnswerValue) => JSON.stringify(a) === JSON.stringify(b);

async function answersOf(tx: DbOrTx, rsvpIds: string[], questionIds: string[]) {
  if (!rsvpIds.length || !questionIds.length) return new Map<string, TAnswerValue>();
  const rows = await tx
    .select()
    .from(rsvp_answers)
    .where(and(inArray(rsvp_answers.rsvp_id, rsvpIds), inArray(rsvp_answers.question_id, questionIds)));
  return new Map(rows.map((a) => [`${a.rsvp_id}:${a.question_id}`, a.value]));
}

/** The batch's new guests (one INSERT) and changes (one UPDATE). Returns the new guests' ids another answer beat to their e-mail. */
async function writeGuests(
  tx: DbOrTx,
  inserts: (typeof event_rsvps.$inferInsert)[],
  updates: Record<string, unknown>[],
): Promise<Set<string>> {
  const raced = new Set<string>();
  if (inserts.length) {
    // One statement over a JSON array: a 500-row VALUES list built by the query builder cost more than the insert itself.
    const done = await tx.execute<{ id: string }>(sql`
      INSERT INTO ${event_rsvps} (id, event_id, name, email, phone, notes, guest_count, status, type, revision, ticket_secret,
        qr_nonce, qr_version, qr_code_data, qr_code_image_url, manage_secret, legacy_code, confirmed_at, reminders_off)
      SELECT x.id, x.event_id, x.name, x.email, x.phone, x.notes, x.guest_count, x.status, 'rsvp', 1, x.ticket_secret,
        x.qr_nonce, x.qr_version, x.qr_code_data, x.qr_code_image_url, x.manage_secret, x.legacy_code, x.confirmed_at, x.reminders_off
      FROM jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb) AS x(id uuid, event_id uuid, name text, email text, phone text,
        notes text, guest_count int, status text, ticket_secret text, qr_nonce text, qr_version int, qr_code_data text,
        qr_code_image_url text, manage_secret text, legacy_code text, confirmed_at timestamptz, reminders_off boolean)
      ON CONFLICT DO NOTHING
      RETURNING id`);
    const ok = new Set(done.rows.map((d) => d.id));
    for (const i of inserts) if (!ok.has(i.id!)) raced.add(i.id!);
  }
  if (updates.length) {
    await tx.execute(sql`
      UPDATE ${event_rsvps} AS r SET
        name = x.name, phone = x.phone, notes = x.notes, legacy_code = x.legacy_code, status = x.status,
        guest_count = x.guest_count, revision = x.revision, updated_at = now(),
        qr_nonce = CASE WHEN x.moved THEN x.qr_nonce ELSE r.qr_nonce END,
        qr_version = CASE WHEN x.moved THEN x.qr_version ELSE r.qr_version END,
        qr_code_data = CASE WHEN x.moved THEN x.qr_code_data ELSE r.qr_code_data END,
        qr_code_image_url = CASE WHEN x.moved THEN x.qr_code_image_url ELSE r.qr_code_image_url END,
        confirmed_at = CASE WHEN x.moved THEN x.confirmed_at ELSE r.confirmed_at END
      FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS x(
        id uuid, name text, phone text, notes text, legacy_code text, status text, guest_count int, revision int,
        moved boolean, qr_nonce text, qr_version int, qr_code_data text, qr_code_image_url text, confirmed_at timestamptz)
      WHERE r.id = x.id`);
  }
  return raced;
}

/** The rows' answers to the mapped questions: each replaces the guest's answer to that question, or (null) removes it. */
async function writeAnswers(tx: DbOrTx, writes: { rsvp_id: string; question_id: string; value: TAnswerValue | null }[]) {
  const set = writes.filter((w) => w.value !== null);
  const removed = writes.filter((w) => w.value === null);
  if (removed.length)
    await tx.execute(sql`
      DELETE FROM ${rsvp_answers} AS a USING jsonb_to_recordset(${JSON.stringify(removed)}::jsonb) AS x(rsvp_id uuid, question_id uuid)
      WHERE a.rsvp_id = x.rsvp_id AND a.question_id = x.question_id`);
  if (set.length)
    await tx.execute(sql`
      INSERT INTO ${rsvp_answers} (rsvp_id, question_id, value)
      SELECT x.rsvp_id, x.question_id, x.value FROM jsonb_to_recordset(${JSON.stringify(set)}::jsonb) AS x(rsvp_id uuid, question_id uuid, value jsonb)
      ON CONFLICT (rsvp_id, question_id) DO UPDATE SET value = excluded.value`);
}

async function recordOutcomes(tx: DbOrTx, importId: string, decided: Decided[]) {
  const rows = decided.map((d) => ({ row: d.row, outcome: d.outcome, errors: d.errors.length ? d.errors : null }));
  await tx.execute(sql`
    UPDATE ${guest_import_rows} AS g SET outcome = x.outcome, errors = x.errors
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(row int, outcome text, errors jsonb)
    WHERE g.import_id = ${importId}::uuid AND g.row_no = x.row`);
}
