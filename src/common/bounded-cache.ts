export type BoundedCacheOptions<V> = {
  /** The most entries kept; past it the least recently used entry goes first. */
  maxEntries: number;
  /** How long an entry is served after it was set (ms); none: until evicted. */
  ttlMs?: number;
  /** A budget over `sizeOf(value)` (e.g. bytes); least recently used entries go until a new one fits. */
  maxSize?: number;
  /** An entry's size for `maxSize`; an entry larger than `maxEntrySize` (default: `maxSize`) is not kept. */
  sizeOf?: (value: V) => number;
  maxEntrySize?: number;
  /** The clock for the TTL (tests pass their own). */
  now?: () => number;
};

type Slot<V> = { value: V; size: number; expiresAt: number };

/**
 * The one in-memory cache of this code base: a Map in least-recently-used order with a maximum
 * number of entries, an optional TTL and an optional size budget. Whoever creates one owns it
 * (the app's registry, src/server/app-caches.ts, on the server); none lives in a module global.
 */
export class BoundedCache<K, V> {
  private readonly slots = new Map<K, Slot<V>>();
  private size_ = 0;
  private readonly now: () => number;

  constructor(private readonly opts: BoundedCacheOptions<V>) {
    if (!(opts.maxEntries >= 1)) throw new RangeError('BoundedCache needs maxEntries >= 1');
    this.now = opts.now ?? Date.now;
  }

  /** Entries held (expired ones included until they are read or pushed out). */
  get size(): number {
    return this.slots.size;
  }

  /** The sum of the held entries' sizes (0 without `sizeOf`). */
  get totalSize(): number {
    return this.size_;
  }

  /** The value, unless missing or expired; a hit becomes the most recently used entry. */
  get(key: K): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  /** Stores `value` as the most recently used entry; returns false when it is too large to keep. */
  set(key: K, value: V): boolean {
    this.delete(key);
    const size = this.opts.sizeOf?.(value) ?? 0;
    const limit = this.opts.maxEntrySize ?? this.opts.maxSize;
    if (limit !== undefined && size > limit) return false;
    while (this.slots.size >= this.opts.maxEntries || (this.opts.maxSize !== undefined && this.size_ + size > this.opts.maxSize)) {
      const oldest = this.slots.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    const ttl = this.opts.ttlMs;
    this.slots.set(key, { value, size, expiresAt: ttl === undefined ? Number.POSITIVE_INFINITY : this.now() + ttl });
    this.size_ += size;
    return true;
  }

  delete(key: K): boolean {
    const slot = this.slots.get(key);
    if (!slot) return false;
    this.slots.delete(key);
    this.size_ -= slot.size;
    return true;
  }

  clear(): void {
    this.slots.clear();
    this.size_ = 0;
  }
}
