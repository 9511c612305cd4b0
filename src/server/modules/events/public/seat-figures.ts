import pg from 'pg';
import { BoundedCache } from '../../../../common/bounded-cache.ts';
import type { Db } from '../../../db/client.ts';

/** A seat count is served as is this long; then the next read refreshes it in the background. */
export const SEAT_FIGURE_FRESH_MS = 250;
/**
 * Past this a figure is served only while its refresh is under way (a reader never waits for the
 * counter when a figure exists): seats left are at most SEAT_FIGURE_FRESH_MS plus one counter read old
 * (docs/product.md#public-event-page). A figure nobody refreshed (no reader) goes after HARD_TTL_MS.
 */
export const SEAT_FIGURE_MAX_AGE_MS = 800;
const HARD_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;
/** Long enough to outlive any counter read that started before a drop. */
const DROPPED_TTL_MS = 30_000;

type Figure = { taken: number; at: number };

/**
 * Each event's seat counter (events.seats_taken), read alone and briefly cached (ADR 0016): an RSVP
 * rush changes it every few milliseconds, and re-reading the whole event (or dropping its rendered
 * page) for each change cost the page 95 % of its rate. The page's figure is read on a connection of
 * its own, so readers never queue behind the RSVP transactions holding the pool; concurrent misses share
 * one read; a figure past SEAT_FIGURE_FRESH_MS is served while one read refreshes it (readers never
 * wait for the counter while a figure exists). The JSON API reads the counter alone on every request (readExact): the page
 * refetches it right after an answer, so the guest who answered sees the new count at once.
 */
export class SeatFigures {
  private readonly figures = new BoundedCache<string, Figure>({ maxEntries: MAX_ENTRIES, ttlMs: HARD_TTL_MS });
  private readonly pending = new Map<string, Promise<number | null>>();
  /** Per event: the clock value of its last drop (a read older than that is not stored). */
  private readonly droppedAt = new BoundedCache<string, number>({ maxEntries: MAX_ENTRIES, ttlMs: DROPPED_TTL_MS });
  private clock = 0;
  private epoch = 0;
  private conn: pg.Pool | undefined;
  private closed = false;

  constructor(private readonly db: Db) {}

  /** The counter when a usable figure is cached (refreshing a stale one in the background); else undefined (then `read`). */
  peek(eventId: string): number | undefined {
    const f = this.figures.get(eventId);
    if (!f) return undefined;
    const age = performance.now() - f.at;
    if (age <= SEAT_FIGURE_FRESH_MS) return f.taken;
    const refreshing = this.pending.has(eventId);
    if (!refreshing) void this.read(eventId, true).catch(() => {});
    // Older than the bound and nothing under way (e.g. the last refresh failed): the caller reads.
    return age <= SEAT_FIGURE_MAX_AGE_MS || refreshing ? f.taken : undefined;
  }

  /** A clock value to pass to offer() for a value about to be read from the database. */
  ticket(): number {
    return this.clock;
  }

  /** Keeps `seatsTaken` (read after `ticket`) unless the event's seats changed meanwhile. */
  offer(eventId: string, seatsTaken: number, ticket: number, at = performance.now()) {
    if (ticket < this.epoch || (this.droppedAt.get(eventId) ?? -1) > ticket) return;
    this.figures.set(eventId, { taken: seatsTaken, at });
  }

  /** The counter, from the cache or one shared read; null when the event is gone. */
  read(eventId: string, refresh = false): Promise<number | null> {
    const hit = refresh ? undefined : this.figures.get(eventId);
    if (hit) return Promise.resolve(hit.taken);
    const inFlight = this.pending.get(eventId);
    if (inFlight) return inFlight;
    const ticket = this.ticket();
    const at = performance.now();
    const read: Promise<number | null> = this.connection()
      .query<{ seats_taken: number }>('SELECT seats_taken FROM events WHERE id = $1', [eventId])
      .then((res) => {
        const n = res.rows[0]?.seats_taken;
        if (n === undefined) return null;
        this.offer(eventId, Number(n), ticket, at);
        return Number(n);
      })
      .finally(() => {
        if (this.pending.get(eventId) === read) this.pending.delete(eventId);
      });
    this.pending.set(eventId, read);
    return read;
  }

  /** The counter as committed now (one primary-key read on the app's pool); it refreshes the cached figure too. */
  async readExact(eventId: string): Promise<number | null> {
    const ticket = this.ticket();
    const at = performance.now();
    const res = await this.db.$client.query<{ seats_taken: number }>('SELECT seats_taken FROM events WHERE id = $1', [eventId]);
    const n = res.rows[0]?.seats_taken;
    if (n === undefined) return null;
    this.offer(eventId, Number(n), ticket, at);
    return Number(n);
  }

  /** The event changed (an edit heard by NOTIFY, a delete): its figure is read again. */
  drop(eventId: string) {
    this.clock++;
    this.droppedAt.set(eventId, this.clock);
    this.figures.delete(eventId);
    this.pending.delete(eventId);
  }

  clear() {
    this.clock++;
    this.epoch = this.clock;
    this.figures.clear();
    this.pending.clear();
  }

  /** Shutdown, before the app's pool closes: ends the counter's connection; later reads use the app's pool. */
  async close(): Promise<void> {
    this.closed = true;
    const c = this.conn;
    this.conn = undefined;
    await c?.end().catch(() => {});
  }

  /** One connection of its own (made on first use, remade by pg when it drops). */
  private connection(): pg.Pool {
    if (this.closed) return this.db.$client;
    if (!this.conn) {
      this.conn = new pg.Pool({ ...this.db.$client.options, max: 1, idleTimeoutMillis: 30_000 });
      this.conn.on('error', () => {}); // an idle connection dropped: the next read makes a new one
    }
    return this.conn;
  }
}
