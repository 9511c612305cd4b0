/**
 * A server job released to the workers (start-job.ts) wakes this process's job worker (modules/jobs/run-jobs.ts)
 * at once instead of at its next poll, so a host's bulk action starts as it is asked for. Other processes still
 * find it at their next poll.
 */
const listeners = new Set<() => void>();

export function jobReleased() {
  for (const listener of listeners) listener();
}

/** Returns the unsubscribe. */
export function onJobReleased(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
