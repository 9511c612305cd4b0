import { sql } from 'drizzle-orm';
import { BoundedCache } from '../../../../common/bounded-cache.ts';
import type { Db } from '../../../db/client.ts';

/** How long a seat count is served: other processes' answers show within this (docs/product.md#public-event-page). */
export const SEAT_FIGURE_TTL_MS = 500;
const MAX_ENTRIES = 5_000;
/** Long enough to outlive any counter read that started before a drop. */
const DROPPED_TTL_MS = 30_000;

/**
 * Each event's seat counter (events.seats_taken), read alone and kept for SEAT_FIGURE_TTL_MS (ADR 0016):
 * an RSVP rush changes it every few milliseconds, and re-reading the whole event (or dropping its
 * rendered page) for each change cost the page 95 % of its rate. Concurrent misses share one read;
 * this app's own seat changes drop the figure at once (seatsChanged), other processes' show within
 * the TTL. A read that raced a drop is not kept.
 */
export class SeatFigures {
  private readonly figures: BoundedCache<string, number>;
  private readonly pending = new Map<string, Promise<number | null>>();
  /** Per event: the clock value of its last drop (a read older than that is not stored). */
  private readonly droppedAt = new BoundedCache<string, number>({ maxEntries: MAX_ENTRIES, ttlMs: DROPPED_TTL_MS });
  private clock = 0;
  private epoch = 0;

  constructor(
    private readonly db: Db,
    opts: { ttlMs?: number } = {},
  ) {
    this.figures = new BoundedCache({ maxEntries: MAX_ENTRIES, ttlMs: opts.ttlMs ?? SEAT_FIGURE_TTL_MS });
  }

  /** The counter when cached; otherwise undefined (then `read`). */
  peek(eventId: string): number | undefined {
    return this.figures.get(eventId);
  }

  /** A clock value to pass to offer() for a value about to be read from the database. */
  ticket(): number {
    return this.clock;
  }

  /** Keeps `seatsTaken` (read after `ticket`) unless the event's seats changed meanwhile. */
  offer(eventId: string, seatsTaken: number, ticket: number) {
    if (ticket < this.epoch || (this.droppedAt.get(eventId) ?? -1) > ticket) return;
    this.figures.set(eventId, seatsTaken);
  }

  /** The counter, from the cache or one shared read; null when the event is gone. */
  async read(eventId: string): Promise<number | null> {
    const hit = this.figures.get(eventId);
    if (hit !== undefined) return hit;
    let p = this.pending.get(eventId);
    if (!p) {
      const ticket = this.ticket();
      const read: Promise<number | null> = this.db
        .execute<{ seats_taken: number }>(sql`SELECT seats_taken FROM events WHERE id = ${eventId}`)
        .then((res) => {
          const n = res.rows[0]?.seats_taken;
          if (n === undefined) return null;
          this.offer(eventId, Number(n), ticket);
          return Number(n);
        })
        .finally(() => {
          if (this.pending.get(eventId) === read) this.pending.delete(eventId);
        });
      this.pending.set(eventId, read);
      p = read;
    }
    return p;
  }

  /** This app changed the event's seats: the next read goes to the database. */
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
}
