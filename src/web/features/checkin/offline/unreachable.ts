import { isRetryable } from '../../../lib/error-code.ts';

type Query = { data?: unknown; isError: boolean; fetchStatus: string; failureCount: number; failureReason: unknown };

/**
 * The server cannot be asked for now (docs/product.md#offline-door): no answer, and the query failed, the browser
 * paused it as offline, or its first try already failed for want of a network. A browser reopened offline still
 * says it is online, so the query is tried, not paused; the door does not wait out its retries (1 s, then 2 s).
 */
export function unreachable(q: Query): boolean {
  return !q.data && (q.isError || q.fetchStatus === 'paused' || (q.failureCount > 0 && isRetryable(q.failureReason)));
}
