import { defineScenario } from '../lib/types.ts';

/** GET /healthz: the full middleware stack plus one `SELECT 1` through the pool. */
export default defineScenario({
  name: 'healthz (1 DB read)',
  // GUIDE §5 sets no figure for /healthz; a one-read route must at least clear the public page floor.
  target: { minRps: 5000, maxP99Ms: 20 },
  targetSource: 'GUIDE §5 public page floor (a 1-read route must clear it)',
  async setup(ctx) {
    const body = await ctx.api<{ database?: string }>('/healthz');
    if (body.database !== 'ok') throw new Error(`/healthz answered ${JSON.stringify(body)}`);
  },
  requests: () => ({ requests: [{ path: '/healthz' }] }),
});
