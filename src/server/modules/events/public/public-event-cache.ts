import type { TPublicEvent } from '../../../../common/schemas/events.ts';
import type { Db } from '../../../db/client.ts';
import type { Logger } from '../../../logger.ts';
import { EventChangeListener } from './event-change-listener.ts';

const TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

type Entry = { event: TPublicEvent; expiresAt: number; memo: Map<string, string> };

/**
 * Active public events of this process, by id and slug. Trusted only while the change listener is
 * connected: an edit anywhere invalidates at once (this process directly, others by NOTIFY); the TTL
 * is a backstop. A read that raced an invalidation is not stored (generation check).
 */
export class PublicEventCache {
  private byId = new Map<string, Entry>();
  private idBySlug = new Map<string, string>();
  private generation = 0;
  private live = false;

  get enabled() {
    return this.live;
  }

  /** Call before the database read whose result you will set(). */
  ticket(): number {
    return this.generation;
  }

  get(key: { id: string } | { slug: string }, now = Date.now()): Entry | undefined {
    if (!this.live) return undefined;
    const id = 'id' in key ? key.id : this.idBySlug.get(key.slug);
    const entry = id ? this.byId.get(id) : undefined;
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.drop(entry.event.id);
      return undefined;
    }
    return entry;
  }

  set(event: TPublicEvent, ticket: number, now = Date.now()) {
    if (!this.live || ticket !== this.generation) return;
    if (this.byId.size >= MAX_ENTRIES) this.clear();
    this.drop(event.id);
    this.byId.set(event.id, { event, expiresAt: now + TTL_MS, memo: new Map() });
    this.idBySlug.set(event.slug, event.id);
  }

  invalidate(id: string) {
    this.generation++;
    this.drop(id);
  }

  clear() {
    this.generation++;
    this.byId.clear();
    this.idBySlug.clear();
  }

  setLive(live: boolean) {
    this.clear();
    this.live = live;
  }

  private drop(id: string) {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    if (this.idBySlug.get(entry.event.slug) === id) this.idBySlug.delete(entry.event.slug);
  }
}

const caches = new WeakMap<Db, { cache: PublicEventCache; listener: EventChangeListener }>();

/** The cache for this database, with its listener started on first use. */
export function publicEventCache(db: Db, log: Logger): PublicEventCache {
  let entry = caches.get(db);
  if (!entry) {
    const c = new PublicEventCache();
    const listener = new EventChangeListener(
      db.$client,
      { onChange: (id) => c.invalidate(id), onConnected: () => c.setLive(true), onDisconnected: () => c.setLive(false) },
      log,
    );
    entry = { cache: c, listener };
    caches.set(db, entry);
    listener.start();
  }
  return entry.cache;
}

/** Shutdown, before the pool closes: ends the LISTEN connection; the cache stays off for good. */
export async function stopPublicEventCache(db: Db): Promise<void> {
  const entry = caches.get(db);
  if (!entry) return;
  entry.cache.setLive(false);
  await entry.listener.stop();
}

/** After this process changed or deleted an event: its next public read goes to the database. */
export function forgetPublicEvent(db: Db, id: string) {
  caches.get(db)?.cache.invalidate(id);
}
