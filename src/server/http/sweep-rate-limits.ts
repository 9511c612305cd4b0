import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rate_limits } from '../db/schema/rate-limits.ts';
import { startPeriodic } from '../periodic.ts';
import type { Deps } from './context.ts';

/** How often each process deletes expired rate-limit counters. */
export const RATE_LIMIT_SWEEP_MS = 5 * 60_000;

/** Deletes the counters whose window has ended (a new hit on such a key starts afresh anyway); returns how many. */
export async function sweepRateLimits(opts: { db: DbOrTx; now?: number }): Promise<number> {
  const gone = await opts.db
    .delete(rate_limits)
    .where(lt(rate_limits.expire, opts.now ?? Date.now()))
    .returning({ key: rate_limits.key });
  return gone.length;
}

export type RateLimitSweeper = { stop: () => Promise<void> };

/** Sweeps at once, then every RATE_LIMIT_SWEEP_MS until stop(), which waits for a sweep in progress. */
export function startRateLimitSweeper(deps: Pick<Deps, 'db' | 'log'>, everyMs = RATE_LIMIT_SWEEP_MS): RateLimitSweeper {
  const log = deps.log.child({ module: 'rate-limits' });
  return startPeriodic({
    log,
    everyMs,
    failed: 'rate-limit sweep failed; retrying on the next one',
    run: async () => {
      const deleted = await sweepRateLimits({ db: deps.db });
      if (deleted) log.debug({ deleted }, 'expired rate-limit counters deleted');
    },
  });
}
