import { createHash } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { namedStatementsClient } from '../db/client.ts';
import { rate_limits } from '../db/schema/rate-limits.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv } from './context.ts';

/** At most `points` hits per `windowSec` seconds for one key; `name` keeps the rules' keys apart (one rule per name). */
export type LimitRule = { name: string; points: number; windowSec: number };

/** A key's hits in its current window (`over` past the rule's points), and the seconds until that window ends. */
export type LimitHit = { count: number; over: boolean; retryAfter: number };

type Limiter = { store: RateLimiterPostgres; fallback: RateLimiterMemory };

/** Longer keys (an e-mail can be 254 characters) are stored as their hash: the primary key stays small. */
const MAX_KEY_CHARS = 200;
/** One warning a minute at most while the store fails (every request would log one). */
const WARN_EVERY_MS = 60_000;

/**
 * The app's rate limits, shared by every process through the `rate_limits` table; one per app, one
 * limiter per rule made on first use, key parts normalised so spelling cannot dodge them. If the store
 * fails they fall back to this process's own counts: a limit never turns a request into a 500 (ADR 0009).
 */
export class RateLimits {
  private readonly limiters = new Map<string, Limiter>();
  private lastWarning = 0;

  constructor(private readonly opts: { pool: pg.Pool; enabled: boolean; log: Logger }) {}

  get enabled(): boolean {
    return this.opts.enabled;
  }

  /** Counts one hit; throws the 429 when the key is over the rule's limit. */
  async consume(rule: LimitRule, ...parts: string[]): Promise<void> {
    const { over, retryAfter } = await this.hit(rule, ...parts);
    if (over) throw tooManyRequests(retryAfter);
  }

  /**
   * Counts one hit and returns the key's hits including it (0 when this process already refuses the key
   * from memory), `over` past the rule's points; never throws the 429 itself. The store counts in one
   * atomic statement, so parallel hits each see their own count.
   */
  async hit(rule: LimitRule, ...parts: string[]): Promise<LimitHit> {
    if (!this.enabled) return { count: 0, over: false, retryAfter: 0 };
    try {
      const res = await this.run(rule, (l, key) => l.consume(key), parts);
      return { count: res.consumedPoints, over: false, retryAfter: secondsOf(res) };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { count: err.consumedPoints, over: true, retryAfter: secondsOf(err) };
      throw err;
    }
  }

  /** Gives one hit back (e.g. a sign-in attempt that was not a failure). */
  async refund(rule: LimitRule, ...parts: string[]): Promise<void> {
    if (this.enabled) await this.run(rule, (l, key) => l.reward(key, 1), parts);
  }

  /** Forgets the key's hits (e.g. a client's failed sign-ins once it succeeds). */
  async reset(rule: LimitRule, ...parts: string[]): Promise<void> {
    if (this.enabled) await this.run(rule, (l, key) => l.delete(key), parts);
  }

  /** One operation on the shared store, or on this process's counts when the store fails. */
  private async run<T>(rule: LimitRule, op: (l: RateLimiterPostgres | RateLimiterMemory, key: string) => Promise<T>, parts: string[]) {
    const limiter = this.limiter(rule);
    const key = limitKey(parts);
    try {
      return await op(limiter.store, key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw err;
      this.warn(rule, err);
      return op(limiter.fallback, key);
    }
  }

  private limiter(rule: LimitRule): Limiter {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const shape = { keyPrefix: rule.name, points: rule.points, duration: rule.windowSec };
      limiter = {
        store: new RateLimiterPostgres({
          ...shape,
          storeClient: namedStatementsClient(this.opts.pool),
          storeType: 'pool',
          tableName: getTableName(rate_limits),
          tableCreated: true, // by its migration: no DDL at run time
          clearExpiredByTimeout: false, // the workers delete expired rows (sweepRateLimits)
          // Past the limit this process refuses the key by itself until the window ends: a flood costs no queries.
          inMemoryBlockOnConsumed: rule.points + 1,
        }),
        fallback: new RateLimiterMemory(shape),
      };
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  private warn(rule: LimitRule, err: unknown) {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.opts.log.warn({ err, limit: rule.name }, 'rate-limit store unavailable: counting in this process only');
  }
}

/** Trimmed, lower-cased parts joined by ':'; a long key becomes its SHA-256. */
export function limitKey(parts: string[]): string {
  const key = parts.map((p) => p.trim().toLowerCase()).join(':');
  return key.length > MAX_KEY_CHARS ? createHash('sha256').update(key).digest('hex') : key;
}

function secondsOf(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

export function tooManyRequests(retryAfter: number): AppError {
  return new AppError('rate_limited', `Too many attempts. Please try again in ${retryAfter} seconds.`, undefined, {
    'Retry-After': String(retryAfter),
  });
}

/** Throws the 429 when the key is over the rule's limit; no-op when RATE_LIMIT is off (bench). */
export function enforce(c: Context<AppEnv>, rule: LimitRule, ...parts: string[]): Promise<void> {
  return c.get('limits').consume(rule, ...parts);
}

export function rateLimitByIp(rule: LimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('limits').enabled) await enforce(c, rule, clientIp(c));
    await next();
  };
}
