import type { Deps } from '../../http/context.ts';
import type { Metrics } from '../../http/metrics.ts';
import { deliverClaimed } from './deliver-claimed.ts';
import { keptInMailbox } from './deliver-message.ts';
import { type Clock, type DrainOptions, drain } from './drain.ts';
import { createOutboxStore } from './outbox-store.ts';

/**
 * The outbox worker (docs/ARCHITECTURE.md#data-and-side-effects): the loop that drains the outbox every
 * OUTBOX_POLL_MS. The statements are outbox-store.ts's, one message's delivery deliver-claimed.ts's, and
 * the lanes and their rests drain.ts's.
 */

/** `metrics`: this process's request counter; without it (a lone drain) the worker never rests between batches. */
type WorkerDeps = Pick<Deps, 'env' | 'db' | 'log' | 'channels'> & { metrics?: Pick<Metrics, 'requestsServed'> };

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}

/** The process's clock: performance.now() (monotonic) and timers. */
const processClock: Clock = { now: () => performance.now(), sleep: pause };

/** drain.ts's drain over this database and these channels: how many messages were sent. */
export async function drainOutbox(deps: WorkerDeps, opts: DrainOptions = {}): Promise<number> {
  const { db, channels, env } = deps;
  const log = deps.log.child({ module: 'outbox' });
  return drain(
    {
      store: createOutboxStore({ db, leaseMs: env.OUTBOX_LEASE_MS, log }),
      deliver: (m, timeLeftMs, mark) => deliverClaimed({ db, channels, log, mark }, m, timeLeftMs),
      keptInMailbox: (m) => keptInMailbox(channels, m.channel),
      lanes: env.OUTBOX_CONCURRENCY,
      leaseMs: env.OUTBOX_LEASE_MS,
      clock: processClock,
      requestsServed: deps.metrics ? () => deps.metrics?.requestsServed ?? 0 : undefined,
      log,
    },
    opts,
  );
}

export type OutboxWorker = { stop: () => Promise<void> };

/** Drains the outbox every OUTBOX_POLL_MS until stop(), which waits for the deliveries in flight and closes the SMTP connections. */
export function startOutboxWorker(deps: WorkerDeps): OutboxWorker {
  const log = deps.log.child({ module: 'outbox' });
  const controller = new AbortController();
  const loop = (async () => {
    while (!controller.signal.aborted) {
      try {
        await drainOutbox(deps, { signal: controller.signal });
      } catch (err) {
        log.error({ err }, 'outbox drain failed; retrying on the next poll');
      }
      await pause(deps.env.OUTBOX_POLL_MS, controller.signal);
    }
  })();
  log.info({ pollMs: deps.env.OUTBOX_POLL_MS }, 'outbox worker started');
  return {
    async stop() {
      controller.abort();
      await loop;
      deps.channels.close();
    },
  };
}
