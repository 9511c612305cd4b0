import type { Deps } from './http/context.ts';

export type Workers = { stop: () => Promise<void> };

/** Background loops of this process (the outbox worker); stopped before the database closes. */
export function startWorkers(_deps: Deps): Workers {
  return { stop: async () => {} };
}
