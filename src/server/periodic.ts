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
  /** Ends the pause in progress (stop() or wake()). */
  let endPause: (() => void) | undefined;
  let again = false;
  const pause = () =>
    new Promise<void>((resolve) => {
      const end = () => {
        clearTimeout(timer);
        controller.signal.removeEventListener('abort', end);
        endPause = undefined;
        resolve();
      };
      const timer = setTimeout(end, o.everyMs);
      controller.signal.addEventListener('abort', end);
      endPause = end;
    });
  const loop = (async () => {
    while (!controller.signal.aborted) {
      again = false;
      try {
        await o.run(controller.signal);
      } catch (err) {
        o.log.warn({ err }, o.failed);
      }
      if (!again && !controller.signal.aborted) await pause();
    }
  })();
  return {
    async stop() {
      controller.abort();
      await loop;
    },
    wake() {
      again = true;
      endPause?.();
    },
  };
}
