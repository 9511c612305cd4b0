import type { Deps } from './http/context.ts';
import { startRateLimitSweeper } from './http/sweep-rate-limits.ts';
import { startOutboxWorker } from './modules/outbox/worker.ts';

export type Workers = { stop: () => Promise<void> };

/** Background loops of this process (the outbox, expired rate-limit counters); stopped before the database closes. */
export function startWorkers(deps: Deps): Workers {
  const outbox = deps.env.OUTBOX_WORKER ? startOutboxWorker(deps) : undefined;
  const rateLimits = deps.env.RATE_LIMIT ? startRateLimitSweeper(deps) : undefined;
  return {
    stop: async () => {
      await Promise.all([outbox?.stop(), rateLimits?.stop()]);
    },
  };
}
