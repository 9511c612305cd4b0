import type pg from 'pg';
import type { Db } from './client.ts';

/**
 * An event's seat counter as a committed write left it: `version` is events.seats_version, which moves
 * on with every change of seats_taken (migration 0019), so of two readings the higher version is newer.
 */
export type SeatCount = { eventId: string; taken: number; version: number };

type Listener = (count: SeatCount) => void;

// Bounded by construction: one set per live pool, gone with it (weak keys).
const listeners = new WeakMap<pg.Pool, Set<Listener>>();

/**
 * Hears every seat change this process commits on `db`'s pool (the public page's seat figures:
 * ADR 0016). Returns the unsubscribe function.
 */
export function onSeatsCommitted(db: Db, listener: Listener): () => void {
  let set = listeners.get(db.$client);
  if (!set) {
    set = new Set();
    listeners.set(db.$client, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** A write on `db` committed this counter (call after the COMMIT, never before). */
export function seatsCommitted(db: Db, count: SeatCount | undefined) {
  if (!count) return;
  const set = listeners.get(db.$client);
  if (set) for (const listener of set) listener(count);
}

/** The row of a `RETURNING seats_taken, seats_version` (either name may be aliased as below). */
export function seatCountOf(eventId: string, row: { seats_taken?: unknown; seats_version?: unknown } | undefined): SeatCount | undefined {
  if (!row || row.seats_taken == null || row.seats_version == null) return undefined;
  return { eventId, taken: Number(row.seats_taken), version: Number(row.seats_version) };
}
