import type { Deps } from './http/context.ts';
import { startOutboxWorker } from './modules/outbox/worker.ts';

export type Workers = { stop: () => Promise<void> };

/** Background loops of this process (the outbox worker); stopped before the database closes. */
export function startWorkers(deps: Deps): Workers {
  const outbox = deps.env.OUTBOX_WORKER ? startOutboxWorker(deps) : undefined;
  return {
    stop: async () => {
      await outbox?.stop();
    },
  };
}
