import type { RunStats } from './types.ts';

/** The q-quantile of ascending latencies (nearest rank); NaN when there are none. */
function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** One run's figures from its first `n` latencies (ms) and its counts, over `seconds`. */
export function runStats(
  latencies: Float64Array,
  counts: Omit<RunStats, 'rps' | 'okRps' | 'total' | 'p50' | 'p95' | 'p99' | 'max' | 'seconds' | 'cutShortAfter'> & { n: number },
  seconds: number,
  cutShortAfter: number | undefined,
): RunStats {
  const { n, ...rest } = counts;
  const sorted = latencies.slice(0, n).sort();
  return {
    rps: n / seconds,
    okRps: rest.ok / seconds,
    total: n,
    ...rest,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: n ? sorted[n - 1]! : Number.NaN,
    seconds,
    ...(cutShortAfter !== undefined ? { cutShortAfter } : {}),
  };
}
