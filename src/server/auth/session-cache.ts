import { BoundedCache } from '../../common/bounded-cache.ts';
import type { SessionUser } from './auth.ts';

/**
 * How long a session read is trusted without reading it again (ADR 0039, after the door's ADR 0014). It
 * bounds how long a session ended in ANOTHER process (sign-out, revoked, password reset, deactivation,
 * the CLI) keeps working in this one; this process forgets every session at once when one ends here
 * (any /api/auth request but reading the session, endSession, deactivation). What an account may do
 * with an event (team membership, roles) is never cached: a removed co-host is refused at their next request.
 */
export const SESSION_CACHE_MS = 2_000;

/**
 * Signed-in users by their request's Cookie header, for SESSION_CACHE_MS (loadUser). clear()
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
