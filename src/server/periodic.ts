import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from './logger.ts';

export type Periodic = { stop: () => Promise<void> };

/**
 * The loop of every background sweeper and poller: runs `run` at once, then every `everyMs` until
 * stop(), which waits for the run in progress. A failed run is logged (`failed`) and retried next time.
 */
export function startPeriodic(o: {
  log: Logger;
  everyMs: number;
  failed: string;
  run: (signal: AbortSignal) => Promise<unknown>;
}): Periodic {
  const controller = new AbortController();
  const loop = (async () => {
    while (!controller.signal.aborted) {
      try {
        await o.run(controller.signal);
      } catch (err) {
        o.log.warn({ err }, o.failed);
      }
      await sleep(o.everyMs, undefined, { signal: controller.signal }).catch(() => {});
    }
  })();
  return {
    async stop() {
      controller.abort();
      await loop;
    },
  };
}
