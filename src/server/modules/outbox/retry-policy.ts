/** After this many failed attempts a message is marked 'dead' and never tried again. */
export const MAX_ATTEMPTS = 8;

/** Delay before the first retry; doubled on each further failure, capped at MAX_BACKOFF_MS. */
export const BASE_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * Exponential backoff with "equal jitter": after the n-th failure (n ≥ 1) wait between half and all of
 * min(BASE·2^(n-1), MAX), so workers that failed together do not retry together.
 */
export function backoffMs(failedAttempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_BACKOFF_MS);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
