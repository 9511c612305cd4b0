import { defineScenario } from '../lib/types.ts';

const headers = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' };

/** GET /: the built index.html from memory, no database (what every SPA screen loads first). */
export default defineScenario({
  name: 'SPA shell /',
  target: { minRps: 5000, maxP99Ms: 20 },
  targetSource: 'product.md#performance-targets: public event page HTML (the shell is that page without its DB read)',
  async setup(ctx) {
    const html = await ctx.api<string>('/', { headers });
    if (!html.includes('id="root"')) throw new Error('GET / did not return the SPA shell');
    if (html.includes('Run npm run build')) throw new Error('GET / served the fallback shell: the bench build has no dist/client');
  },
  requests: () => ({ requests: [{ path: '/', headers }] }),
});
