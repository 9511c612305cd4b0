import { type Column, getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isConnectionError } from '../../db/connection-errors.ts';
import { isUniqueViolation, pgError } from '../../db/pg-errors.ts';
import { seatsCommitted } from '../../db/seat-commits.ts';
import { type MessagePart, runMessage, type SessionStatement, type SqlValue, sessionStatement } from '../../db/session-statements.ts';
import {
  CAPACITY_CHECK_FAILED,
  capacityError,
  committedSeats,
  makeDurable,
  seatsLeft,
  takeSeatsAndCommit,
  ticketTypeError,
} from './seats.ts';
import { onClient } from './seat-transaction.ts';
import { holdLimitError } from '../../domain/hold-limits.ts';

// Bounded by construction: one entry per schema table object, holding its columns and one statement per
// column list and suffix the code writes (a handful): the statement's name is a SHA-1 of its text, made once.
const tableInfo = new WeakMap<Table, { cols: Record<string, Column>; statements: Map<string, SessionStatement> }>();

/**
 * An INSERT of one row as a session statement (db/session-statements.ts) and its arguments: column names
 * and driver mapping (jsonb, timestamps) come from the drizzle table, as in `db.insert(table).values(row)`,
 * without its per-call query building (a third of this route's ORM time under load). The statement
 * names the row's columns, so rows with the same columns share one. `suffix` e.g. ' ON CONFLICT DO NOTHING'.
 */
export function insertPart<T extends Table>(table: T, row: Partial<T['$inferInsert']>, suffix = ''): MessagePart {
  let info = tableInfo.get(table);
  if (!info) {
    info = { cols: getTableColumns(table) as Record<string, Column>, statements: new Map() };
    tableInfo.set(table, info);
  }
  const { cols } = info;
  const names: string[] = [];
  const args: SqlValue[] = [];
  for (const [key, value] of Object.entries(row)) {
    const col = cols[key];
    if (!col) throw new Error(`insertPart: ${getTableName(table)} has no column ${key}`);
    if (value === undefined) continue;
    names.push(`"${col.name}"`);
    args.push(value === null ? null : (col.mapToDriverValue(value) as SqlValue));
  }
  const list = names.join(', ');
  const key = `${list}\0${suffix}`;
  let statement = info.statements.get(key);
  if (!statement) {
    const params = args.map((_, i) => `$${i + 1}`).join(', ');
    statement = sessionStatement(`INSERT INTO "${getTableName(table)}" (${list}) VALUES (${params})${suffix}`);
    info.statements.set(key, statement);
  }
  return { statement, args };
}

export type TripConflict = { constraint: string };

/**
 * Writes `statements` and the seat change of one RSVP in a single round trip (each an EXECUTE of a
 * statement the connection keeps prepared: db/session-statements.ts):
 *   BEGIN; SET LOCAL synchronous_commit = off; …statements; seat UPDATE; COMMIT; durability write
 * (why: seat-transaction.ts), then tells this process's seat figures the new counter (db/seat-commits.ts).
 * The first failing statement aborts the rest. Returns null on success,
 * the constraint name on a unique violation (the caller decides: existing RSVP, PIN taken), and
 * throws capacity_exceeded when the seats are not there (and hold_limit when `check`, a paid hold's
 * bounds, fails: domain/hold-limits.ts).
 */
export async function writeInOneTrip(
  db: Db,
  opts: { statements: MessagePart[]; rsvpId: string; eventId: string; delta: number; check?: MessagePart },
): Promise<TripConflict | null> {
  const parts = [
    'BEGIN',
    'SET LOCAL synchronous_commit = off',
    ...opts.statements,
    ...takeSeatsAndCommit(opts.eventId, opts.delta, opts.check),
    makeDurable(opts.rsvpId),
  ];
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    seatsCommitted(db, committedSeats(opts.eventId, await runMessage(client, parts)));
    return null;
  } catch (err) {
    const e = err as Error & { code?: string };
    if (!e.code || isConnectionError(e))
      broken = e; // the connection itself failed: keep it out of the pool
    else await client.query('ROLLBACK');
    const constraint = pgError(err)?.constraint;
    if (constraint && isUniqueViolation(err)) return { constraint };
    if (e.code === CAPACITY_CHECK_FAILED) throw capacityError(await seatsLeft(onClient(client), opts.eventId));
    throw holdLimitError(err) ?? ticketTypeError(err) ?? err;
  } finally {
    client.release(broken);
  }
}
