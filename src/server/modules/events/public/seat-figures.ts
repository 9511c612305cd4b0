import pg from 'pg';
import { BoundedCache } from '../../../../common/bounded-cache.ts';
import type { Db } from '../../../db/client.ts';
import type { SeatCount } from '../../../db/seat-commits.ts';

/** A figure this young is served as is; an older one is served while one read refreshes it. */
export const SEAT_FIGURE_FRESH_MS = 250;
/**
 * Past this a figure is served only while its refresh is under way (a reader never waits for the
 * counter when a figure exists): seats left are at most SEAT_FIGURE_FRESH_MS plus one counter read old
 * (docs/product.md#public-event-page). A figure nobody refreshed (no reader) goes after HARD_TTL_MS.
 */
export const SEAT_FIGURE_MAX_AGE_MS = 800;
const HARD_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

/**
 * A reading of the counter: `version` orders readings (events.seats_version), `at` is when it was known
 * true. `held`: seats of those held by unpaid checkouts (paid events with a cap; null on others;
 * undefined while only a write of this process is known, whose RETURNING does not carry it).
 */
type Figure = { taken: number; version: number; at: number; held?: number | null };

/** What the public page shows of the counter: seats taken, and of them those held at a checkout. */
export type SeatReading = { taken: number; held: number | null };

// The held sum is read only for a paid event with a cap (a SubPlan runs only in its CASE branch), through
// the pending answers' partial index (issue 29, docs/product.md#public-event-page).
const COUNTER_SQL = `SELECT e.seats_taken, e.seats_version,
  CASE WHEN e.is_paid_event AND e.max_attendees IS NOT NULL THEN (
    SELECT coalesce(sum(r.guest_count), 0) FROM event_rsvps r
    WHERE r.event_id = e.id AND r.payment_status = 'pending' AND r.status = 'confirmed') END AS seats_held
  FROM events e WHERE e.id = $1`;

/**
 * Each event's seat counter as this process last knew it (ADR 0016), fed by the seat changes it commits
 * (db/seat-commits.ts) and, once a figure is SEAT_FIGURE_FRESH_MS old, by one background read on a
 * connection of its own; the higher seats_version wins, so it never goes back and readers never wait.
 * The JSON API reads the counter on every request (readExact).
 */
export class SeatFigures {
  private readonly figures = new BoundedCache<string, Figure>({ maxEntries: MAX_ENTRIES, ttlMs: HARD_TTL_MS });
  private readonly pending = new Map<string, Promise<SeatReading | null>>();
  private conn: pg.Pool | undefined;
  private closed = false;

  constructor(private readonly db: Db) {}

  /** The counter when a usable figure is known (refreshing an old one in the background); else undefined (then `read`). */
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

  /**
   * A reading of the counter (a read, or a committed write's RETURNING): kept unless an equal or newer one
   * was known later. `held` undefined (a write's reading) keeps the figure's own; an older read still
   * fills a held figure that only a write had made.
   */
  offer(eventId: string, taken: number, version: number, at = performance.now(), held?: number | null) {
    const cur = this.figures.get(eventId);
    if (cur && (cur.version > version || (cur.version === version && cur.at >= at))) {
      if (cur.held === undefined && held !== undefined) this.figures.set(eventId, { ...cur, held });
      return;
    }
    this.figures.set(eventId, { taken, version, at, held: held === undefined ? cur?.held : held });
  }

  /**
   * This process committed a seat change (db/seat-commits.ts). The write does not tell how many seats are
   * held at a checkout: on an event that counts them the figure's held seats become unknown, and the next
   * view reads them (one read shared by concurrent views: findPublicEvent), so a page served after a
   * hold was acknowledged shows it.
   */
  committed(count: SeatCount) {
    const cur = this.figures.get(count.eventId);
    this.offer(count.eventId, count.taken, count.version);
    const now = this.figures.get(count.eventId);
    if (typeof cur?.held === 'number' && now && now !== cur) this.figures.set(count.eventId, { ...now, held: undefined });
  }

  /** Seats held at unpaid checkouts as last known (null: not counted for this event; undefined: not known yet). */
  heldOf(eventId: string): number | null | undefined {
    return this.figures.get(eventId)?.held;
  }

  /** The counter, from the figure or one shared read; null when the event is gone. */
  async read(eventId: string, refresh = false): Promise<number | null> {
    return (await this.reading(eventId, refresh))?.taken ?? null;
  }

  /** As read, with the held seats of that reading. */
  reading(eventId: string, refresh = false): Promise<SeatReading | null> {
    const hit = refresh ? undefined : this.figures.get(eventId);
    if (hit) return Promise.resolve({ taken: hit.taken, held: hit.held ?? null });
    const inFlight = this.pending.get(eventId);
    if (inFlight) return inFlight;
    const read: Promise<SeatReading | null> = this.query(this.connection(), eventId).finally(() => {
      if (this.pending.get(eventId) === read) this.pending.delete(eventId);
    });
    this.pending.set(eventId, read);
    return read;
  }

  /** The counter as committed now (one primary-key read on the app's pool); it refreshes the figure too. */
  async readExact(eventId: string): Promise<number | null> {
    return (await this.readingExact(eventId))?.taken ?? null;
  }

  /** As readExact, with the held seats as committed now. */
  readingExact(eventId: string): Promise<SeatReading | null> {
    return this.query(this.db.$client, eventId);
  }

  /** Forgets the event's figure (an edit or delete heard by NOTIFY): the next view reads the counter. */
  drop(eventId: string) {
    this.figures.delete(eventId);
  }

  clear() {
    this.figures.clear();
  }

  /** Shutdown, before the app's pool closes: ends the counter's connection; later reads use the app's pool. */
  async close(): Promise<void> {
    this.closed = true;
    const c = this.conn;
    this.conn = undefined;
    await c?.end().catch(() => {});
  }

  private async query(on: pg.Pool, eventId: string): Promise<SeatReading | null> {
    // `at` is taken before the read: the reading is true at least from then on.
    const at = performance.now();
    const res = await on.query<{ seats_taken: number; seats_version: number; seats_held: string | null }>(COUNTER_SQL, [eventId]);
    const row = res.rows[0];
    if (!row) return null;
    const held = row.seats_held === null ? null : Number(row.seats_held);
    this.offer(eventId, Number(row.seats_taken), Number(row.seats_version), at, held);
    return { taken: Number(row.seats_taken), held };
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
