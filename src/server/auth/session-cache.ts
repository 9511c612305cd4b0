import { BoundedCache } from '../../common/bounded-cache.ts';
import type { SessionUser } from './auth.ts';

/**
 * How long a session read for the door's routes is trusted without reading it again (ADR 0014,
 * "Who is scanning"). It bounds how long a session ended in ANOTHER process (sign-out, revoked, password
 * reset, the CLI) keeps working on /api/checkin of this one; this process forgets every session at once
 * on any /api/auth request. Team membership is never cached: removing a door member takes effect at
 * their next request.
 */
export const SESSION_CACHE_MS = 2_000;

/**
 * Signed-in users by their request's Cookie header, for SESSION_CACHE_MS (requireUserCached). clear()
 * also turns away the stores of lookups that began before it, so a session read while it was being
 * ended is not kept.
 */
export class SessionCache {
  private readonly users: BoundedCache<string, SessionUser>;
  private generation = 0;

  /** `now`: the clock of the TTL (tests pass their own). */
  constructor(opts: { now?: () => number } = {}) {
    this.users = new BoundedCache({ maxEntries: 1_000, ttlMs: SESSION_CACHE_MS, now: opts.now });
  }

  get(cookie: string): SessionUser | undefined {
    return this.users.get(cookie);
  }

  /** A token for set(): the lookup that is about to start. */
  begin(): number {
    return this.generation;
  }

  /** Keeps what a lookup begun at `since` found, unless clear() ran meanwhile. */
  set(cookie: string, user: SessionUser, since: number) {
    if (since === this.generation) this.users.set(cookie, user);
  }

  clear() {
    this.generation++;
    this.users.clear();
  }

  get size() {
    return this.users.size;
  }
}
