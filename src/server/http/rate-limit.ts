import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv } from './context.ts';

type Window = { count: number; resetAt: number };

/**
 * Fixed-window limiter kept in this process's memory (with several processes each keeps its own,
 * so the effective limit is per process). Answers 429 with Retry-After in the app's error shape.
 */
export class RateLimiter {
  private windows = new Map<string, Window>();
  private lastSweep = Date.now();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one hit; returns seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    if (now - this.lastSweep > this.windowMs) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count > this.limit ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 0;
  }

  /** Without counting: seconds to wait when the key has used up its limit in this window, else 0. */
  spent(key: string, now = Date.now()): number {
    const w = this.windows.get(key);
    return w && w.resetAt > now && w.count >= this.limit ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 0;
  }

  /** Forgets the key's hits (e.g. failed sign-ins once one succeeds). */
  reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    this.lastSweep = now;
  }
}

export function tooManyRequests(retryAfter: number): AppError {
  return new AppError('rate_limited', `Too many attempts. Please try again in ${retryAfter} seconds.`, undefined, {
    'Retry-After': String(retryAfter),
  });
}

/** Throws the 429 when the key is over its limit; no-op when RATE_LIMIT is off (bench). */
export function enforce(c: Context<AppEnv>, limiter: RateLimiter, key: string) {
  if (!c.var.deps.env.RATE_LIMIT) return;
  const wait = limiter.hit(key);
  if (wait) throw tooManyRequests(wait);
}

export function rateLimitByIp(limiter: RateLimiter, name: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.deps.env.RATE_LIMIT) enforce(c, limiter, `${name}:${clientIp(c)}`);
    await next();
  };
}
