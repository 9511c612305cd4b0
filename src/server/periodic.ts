import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from './logger.ts';

export type Periodic = {
  stop: () => Promise<void>;
  /** Runs again now instead of after the pause: at once when pausing, else as soon as the run in progress ends. */
  wake: () => void;
};

/**
 * The loop of every background sweeper and poller: runs `run` at once, then every `everyMs` (or sooner on
 * wake()) until stop(), which waits for the run in progress. A failed run is logged (`failed`) and retried next time.
 */
export function startPeriodic(o: {
  log: Logger;
  everyMs: number;
  failed: string;
  run: (signal: AbortSignal) => Promise<unknown>;
}): Periodic {
  const controller = new AbortController();
  let pause: AbortController | undefined;
  let again = false;
  const loop = (async () => {
    while (!controller.signal.aborted) {
      again = false;
      try {
        await o.run(controller.signal);
      } catch (err) {
        o.log.warn({ err }, o.failed);
      }
      if (again) continue;
      pause = new AbortController();
      await sleep(o.everyMs, undefined, { signal: AbortSignal.any([controller.signal, pause.signal]) }).catch(() => {});
      pause = undefined;
    }
  })();
  return {
    async stop() {
      controller.abort();
      await loop;
    },
    wake() {
      again = true;
      pause?.abort();
    },
  };
}
