import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('evicts the least recently used entry first; a read counts as a use', () => {
    const c = new BoundedCache<string, number>({ maxEntries: 3 });
    c.set('a', 1);
    c.set('b', 2);
    c.set('c', 3);
    expect(c.get('a')).toBe(1); // a is now the newest: b is the oldest
    c.set('d', 4);
    expect(c.get('b')).toBeUndefined();
    expect([c.get('a'), c.get('c'), c.get('d')]).toEqual([1, 3, 4]);
    expect(c.size).toBe(3);
    c.set('c', 30); // a rewrite is a use too and keeps one slot
    c.set('e', 5);
    expect(c.get('a')).toBeUndefined();
    expect([c.get('c'), c.get('d'), c.get('e')]).toEqual([30, 4, 5]);
  });

  it('serves an entry for ttlMs after it was set, then forgets it', () => {
    let now = 1_000;
    const c = new BoundedCache<string, string>({ maxEntries: 10, ttlMs: 500, now: () => now });
    c.set('k', 'v');
    now = 1_499;
    expect(c.get('k')).toBe('v'); // reads do not extend the TTL
    now = 1_500;
    expect(c.get('k')).toBeUndefined();
    expect(c.size).toBe(0);
    c.set('k', 'w');
    now = 1_999;
    expect(c.has('k')).toBe(true);
  });

  it('keeps the sum of entry sizes within maxSize, evicting oldest first, and refuses an entry too large to keep', () => {
    const c = new BoundedCache<string, Uint8Array>({ maxEntries: 100, maxSize: 10, maxEntrySize: 6, sizeOf: (v) => v.length });
    c.set('a', new Uint8Array(4));
    c.set('b', new Uint8Array(4));
    expect(c.totalSize).toBe(8);
    c.set('c', new Uint8Array(3)); // 11 > 10: a goes
    expect(c.get('a')).toBeUndefined();
    expect(c.totalSize).toBe(7);
    expect(c.set('huge', new Uint8Array(7))).toBe(false);
    expect(c.get('huge')).toBeUndefined();
    expect(c.totalSize).toBe(7);
    c.set('d', new Uint8Array(6)); // 13 > 10: b goes, c stays (9)
    expect(c.get('b')).toBeUndefined();
    expect(c.get('c')?.length).toBe(3);
    expect(c.totalSize).toBe(9);
    c.delete('d');
    c.set('e', new Uint8Array(1));
    c.clear();
    expect([c.size, c.totalSize]).toEqual([0, 0]);
  });
});
