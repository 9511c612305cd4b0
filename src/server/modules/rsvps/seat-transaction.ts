import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { type Db, type DbOrTx, schema } from '../../db/client.ts';
import { isConnectionError } from '../../db/connection-errors.ts';
import { AppError } from '../../errors.ts';
import { seatsCommitted } from '../../db/seat-commits.ts';
import { type MessagePart, runMessage } from '../../db/session-statements.ts';
import { holdLimitError } from '../../domain/hold-limits.ts';
import {
  CAPACITY_CHECK_FAILED,
  capacityError,
  committedSeats,
  makeDurable,
  seatsLeft,
  takeSeatsAndCommit,
  ticketTypeError,
} from './seats.ts';

/** What a unit of RSVP work produced: its value, the seat change to commit with it, and a check to run before the commit. */
export type SeatWork<T> = { value: T; rsvpId: string; eventId: string; delta: number; check?: MessagePart };

// Bounded by construction: one entry per live pooled connection, gone with it (weak keys).
const bound = new WeakMap<pg.PoolClient, DbOrTx>();
/** A drizzle instance on one pooled connection (kept per connection: the pool reuses them). */
export function onClient(client: pg.PoolClient): DbOrTx {
  let d = bound.get(client);
  if (!d) {
    // Same query API as a transaction handle; only this module ends the transaction.
    d = drizzle(client, { schema }) as unknown as DbOrTx;
    bound.set(client, d);
  }
  return d;
}

/**
 * Runs an RSVP write in a transaction that holds the event's seat row as briefly as possible: the seat
 * UPDATE and an asynchronous COMMIT travel in one message (takeSeatsAndCommit), then a tiny synchronous
 * write makes the answer durable before the guest hears of it (why and what it costs: ADR 0004).
 * The committed counter goes to this process's seat figures (db/seat-commits.ts). `work` returns null
 * to roll back without error (e.g. the RSVP already exists).
 */
export async function seatTransaction<T>(db: Db, work: (tx: DbOrTx) => Promise<SeatWork<T> | null>): Promise<T | null> {
  const client = await db.$client.connect();
  let open = false;
  let broken: Error | undefined;
  try {
    await client.query('BEGIN; SET LOCAL synchronous_commit = off');
    open = true;
    const done = await work(onClient(client));
    if (!done) {
      await client.query('ROLLBACK');
      open = false;
      return null;
    }
    try {
      const results = await runMessage(client, [...takeSeatsAndCommit(done.eventId, done.delta, done.check), makeDurable(done.rsvpId)]);
      open = false;
      seatsCommitted(db, committedSeats(done.eventId, results));
    } catch (err) {
      const limit = holdLimitError(err);
      if ((err as { code?: string }).code !== CAPACITY_CHECK_FAILED && !limit) throw err;
      await client.query('ROLLBACK');
      open = false;
      if (limit) throw limit;
      throw capacityError(await seatsLeft(onClient(client), done.eventId)); // this connection: never wait for a second
    }
    return done.value;
  } catch (err) {
    const sqlError = (Boolean((err as { code?: string }).code) && !isConnectionError(err)) || err instanceof AppError;
    if (!sqlError) broken = err as Error; // the connection itself may be gone: keep it out of the pool
    if (open && sqlError) await client.query('ROLLBACK').catch(() => {});
    throw ticketTypeError(err) ?? err;
  } finally {
    client.release(broken);
  }
}
