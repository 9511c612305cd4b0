import { defineScenario } from '../lib/types.ts';

/**
 * GET /healthz: the full middleware stack plus one `SELECT 1` through the pool — the cost of one database
 * round trip, between the ceiling (none) and the scenarios that make one or more. There is no figure for it
 * in docs/product.md#performance-targets, so only latency is judged; on this 2-core machine, where the load
 * generator, Node and PostgreSQL share the cores, it measured 3.9k–5.1k req/s (ratio ≈ 0.5).
 */
export default defineScenario({
  name: 'healthz (1 DB read)',
  target: { maxP99Ms: 20 },
  targetSource: 'no product.md#performance-targets figure: a reference for one round trip (latency bound only)',
  async setup(ctx) {
    const body = await ctx.api<{ database?: string }>('/healthz');
    if (body.database !== 'ok') throw new Error(`/healthz answered ${JSON.stringify(body)}`);
  },
  requests: () => ({ requests: [{ path: '/healthz' }] }),
});
