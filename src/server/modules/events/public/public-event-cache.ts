import { BoundedCache } from '../../../../common/bounded-cache.ts';
import type { TPublicEvent } from '../../../../common/schemas/events.ts';
import type { Db } from '../../../db/client.ts';
import type { Logger } from '../../../logger.ts';
import { PgListener } from '../../../db/pg-listener.ts';
import { onSeatsCommitted } from '../../../db/seat-commits.ts';
import type { HeadParts } from './get-public-event.ts';
import { SeatFigures } from './seat-figures.ts';

/**
 * The channel the events table's trigger notifies (payload: the event id) on every DELETE and every
 * UPDATE that changes more than the seat counter (migrations 0002, 0012; ADR 0016).
 */
export const EVENT_CHANGED_CHANNEL = 'turnout_event_changed';

const TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;
/** Rendered heads of one event: per page variant (event, sample) and sold-out state. */
const MEMO_ENTRIES = 8;
/** Long enough to outlive any event read that started before an invalidation. */
const INVALIDATED_TTL_MS = 30_000;

type Entry = { event: TPublicEvent; memo: BoundedCache<string, HeadParts> };

export type PublicEventCacheOptions = {
  db: Db;
  log: Logger;
  /** Told of each invalidation (an event id) and of clear() (null): the app's other event caches follow. */
  onInvalidate?: (id: string | null) => void;
};

/**
 * Active public events of one app, by id and slug, with the LISTEN connection that keeps them true.
 * Trusted only while that listener is connected: an edit anywhere invalidates that event at once (this
 * app directly, other processes by NOTIFY); the TTL is a backstop. A read that raced an invalidation of
 * its event is not stored (per-event clock; never a global one: ADR 0016). Seat counts are not part of
 * an entry's life: `seats` serves them (seat-figures.ts), fed by this process's own seat writes. The listener starts on first use; close()
 * ends it for good.
 */
export class PublicEventCache {
  private readonly byId = new BoundedCache<string, Entry>({ maxEntries: MAX_ENTRIES, ttlMs: TTL_MS });
  private readonly idBySlug = new BoundedCache<string, string>({ maxEntries: MAX_ENTRIES, ttlMs: TTL_MS });
  private readonly invalidatedAt = new BoundedCache<string, number>({ maxEntries: MAX_ENTRIES, ttlMs: INVALIDATED_TTL_MS });
  /** Ticks on every invalidation; `epoch` is its value at the last clear(). */
  private clock = 0;
  private epoch = 0;
  private live = false;
  private listener: PgListener | undefined;
  private closed = false;

  /** Each event's seat counter, briefly cached. */
  readonly seats: SeatFigures;

  private readonly unsubscribe: () => void;

  constructor(private readonly opts: PublicEventCacheOptions) {
    this.seats = new SeatFigures(opts.db);
    // Every seat change this process commits (an answer, a change, a cancel, a staff edit, a payment)
    // updates the figure at once; the cached page stays (ADR 0016). Other processes' changes are read
    // within SEAT_FIGURE_FRESH_MS plus one read.
    this.unsubscribe = onSeatsCommitted(opts.db, (count) => this.seats.committed(count));
  }

  get enabled() {
    return this.live;
  }

  /** Starts the LISTEN connection unless started or closed; the cache serves nothing until it is up. */
  listen() {
    if (this.listener || this.closed) return;
    this.listener = new PgListener(
      EVENT_CHANGED_CHANNEL,
      this.opts.db.$client,
      { onChange: (id) => this.invalidate(id), onConnected: () => this.setLive(true), onDisconnected: () => this.setLive(false) },
      this.opts.log,
    );
    this.listener.start();
  }

  /** Call before the database read whose result you will set(). */
  ticket(): number {
    this.listen();
    return this.clock;
  }

  get(key: { id: string } | { slug: string }): Entry | undefined {
    this.listen();
    if (!this.live) return undefined;
    const id = 'id' in key ? key.id : this.idBySlug.get(key.slug);
    const entry = id ? this.byId.get(id) : undefined;
    // A slug entry may outlive its event's (evicted, then renamed): trust it only while it still matches.
    if (!entry || ('slug' in key && entry.event.slug !== key.slug)) return undefined;
    return entry;
  }

  set(event: TPublicEvent, ticket: number) {
    if (!this.live || ticket < this.epoch || (this.invalidatedAt.get(event.id) ?? -1) > ticket) return;
    this.drop(event.id);
    this.byId.set(event.id, { event, memo: new BoundedCache({ maxEntries: MEMO_ENTRIES }) });
    this.idBySlug.set(event.slug, event.id);
  }

  /** After a change or delete (this app's, or another process's NOTIFY): the next read goes to the database. */
  invalidate(id: string) {
    this.invalidatedAt.set(id, ++this.clock);
    this.drop(id);
    this.seats.drop(id);
    this.opts.onInvalidate?.(id);
  }

  clear() {
    this.epoch = ++this.clock;
    this.seats.clear();
    this.byId.clear();
    this.idBySlug.clear();
    this.opts.onInvalidate?.(null);
  }

  /** Shutdown, before the pool closes: ends the LISTEN connection; the cache stays off for good. */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    this.setLive(false);
    await Promise.all([this.listener?.stop(), this.seats.close()]);
  }

  private setLive(live: boolean) {
    this.clear();
    this.live = live && !this.closed;
  }

  private drop(id: string) {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    if (this.idBySlug.get(entry.event.slug) === id) this.idBySlug.delete(entry.event.slug);
  }
}
