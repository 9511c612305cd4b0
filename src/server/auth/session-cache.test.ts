import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS, SessionCache } from './session-cache.ts';

const ada = { id: 'u1', email: 'ada@example.com', name: 'Ada', role: 'host', twoFactorEnabled: false };

describe('SessionCache', () => {
  it('keeps a session for SESSION_CACHE_MS, then reads it again', () => {
    let now = 1_000;
    const cache = new SessionCache({ now: () => now });
    cache.set('c=1', ada, cache.begin());
    now += SESSION_CACHE_MS - 1;
    expect(cache.get('c=1')).toEqual(ada);
    now += 1;
    expect(cache.get('c=1')).toBeUndefined();
  });

  it('forgets everyone on clear(), and a lookup begun before it stores nothing', () => {
    const cache = new SessionCache();
    cache.set('c=1', ada, cache.begin());
    const since = cache.begin(); // a lookup starts, then a sign-out ends sessions
    cache.clear();
    expect(cache.get('c=1')).toBeUndefined();
    cache.set('c=2', ada, since);
    expect(cache.get('c=2')).toBeUndefined();
    cache.set('c=2', ada, cache.begin());
    expect(cache.get('c=2')).toEqual(ada);
  });
});
