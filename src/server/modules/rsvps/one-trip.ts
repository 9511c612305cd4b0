import { type Column, getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isConnectionError } from '../../db/connection-errors.ts';
import { isUniqueViolation, pgError } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { seatsCommitted } from '../../db/seat-commits.ts';
import { CAPACITY_CHECK_FAILED, capacityError, committedSeats, seatsLeft, takeSeatsAndCommitSql } from './seats.ts';
import { onClient } from './seat-transaction.ts';

function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('insertSql: non-finite number');
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') {
    if (v.includes('\0')) throw new AppError('bad_request', 'Text must not contain NUL characters.');
    return quoteText(v);
  }
  throw new Error(`insertSql: unsupported value type ${typeof v}`);
}

/**
 * pg.escapeLiteral's output (quotes and backslashes doubled, E'' when there is a backslash) from two
 * native replaces: escapeLiteral builds it a character at a time, 0.13 ms for an RSVP's queued e-mail
 * (its HTML and QR PNG as JSON), 6x this, on the event loop of every answer (ADR 0016).
 */
function quoteText(v: string): string {
  const hasBackslash = v.includes('\\');
  const body = (hasBackslash ? v.replace(/\\/g, '\\\\') : v).replace(/'/g, "''");
  return hasBackslash ? ` E'${body}'` : `'${body}'`;
}

// Bounded by construction: one entry per schema table object.
const columnsOf = new WeakMap<Table, Record<string, Column>>();

/**
 * INSERT text for one row, values inlined: column names and driver mapping (jsonb, timestamps) come
 * from the drizzle table, as in `db.insert(table).values(row)`, without its per-call query building
 * (a third of this route's ORM time under load). `suffix` e.g. ' ON CONFLICT DO NOTHING'.
 */
export function insertSql<T extends Table>(table: T, row: Partial<T['$inferInsert']>, suffix = ''): string {
  let cols = columnsOf.get(table);
  if (!cols) {
    cols = getTableColumns(table) as Record<string, Column>;
    columnsOf.set(table, cols);
  }
  const names: string[] = [];
  const values: string[] = [];
  for (const [key, value] of Object.entries(row)) {
    const col = cols[key];
    if (!col) throw new Error(`insertSql: ${getTableName(table)} has no column ${key}`);
    if (value === undefined) continue;
    names.push(`"${col.name}"`);
    values.push(literal(value === null ? null : col.mapToDriverValue(value)));
  }
  return `INSERT INTO "${getTableName(table)}" (${names.join(', ')}) VALUES (${values.join(', ')})${suffix}`;
}

export type TripConflict = { constraint: string };

/**
 * Writes `statements` and the seat change of one RSVP in a single round trip:
 *   BEGIN; SET LOCAL synchronous_commit = off; …statements; seat UPDATE; COMMIT; durability write
 * (why: seat-transaction.ts), then tells this process's seat figures the new counter (db/seat-commits.ts).
 * The first failing statement aborts the rest. Returns null on success,
 * the constraint name on a unique violation (the caller decides: existing RSVP, PIN taken), and
 * throws capacity_exceeded when the seats are not there.
 */
export async function writeInOneTrip(
  db: Db,
  opts: { statements: string[]; rsvpId: string; eventId: string; delta: number },
): Promise<TripConflict | null> {
  if (!isUuid(opts.rsvpId)) throw new Error('writeInOneTrip: bad rsvpId');
  const text = [
    'BEGIN',
    'SET LOCAL synchronous_commit = off',
    ...opts.statements,
    takeSeatsAndCommitSql(opts.eventId, opts.delta),
    `UPDATE event_rsvps SET updated_at = updated_at WHERE id = '${opts.rsvpId}'`,
  ].join(';\n');
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    seatsCommitted(db, committedSeats(opts.eventId, await client.query(text)));
    return null;
  } catch (err) {
    const e = err as Error & { code?: string };
    if (!e.code || isConnectionError(e))
      broken = e; // the connection itself failed: keep it out of the pool
    else await client.query('ROLLBACK');
    const constraint = pgError(err)?.constraint;
    if (constraint && isUniqueViolation(err)) return { constraint };
    if (e.code === CAPACITY_CHECK_FAILED) throw capacityError(await seatsLeft(onClient(client), opts.eventId));
    throw err;
  } finally {
    client.release(broken);
  }
}
