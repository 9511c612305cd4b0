import { type NginxCache, startNginxCache } from '../../tests/support/nginx-cache.ts';
import { defineScenario } from '../lib/types.ts';
import { freePort } from '../lib/server.ts';

const headers = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' };

type State = { eventId: string; path: string; cache: NginxCache };

/**
 * docs/decisions/0025-public-page-behind-a-cache.md: the public event page with a shared cache in front
 * (Debian's nginx, `apt-get install nginx-light`, standing in for a CDN), as on a launch past one database.
 * The page's HTML may be kept 5 s, so nearly every view is the cache's: the rate is the cache's, not the
 * origin's (compare with the ceiling, `GET /livez` straight to the server), and the server's CPU per view
 * is a small fraction of /livez's. verify(): an answer shows in the seat figures through the cache within 2 s.
 */
export default defineScenario<State>({
  name: 'public event page behind a shared cache',
  // The origin is not the limit: more views per second than the server's own /livez ceiling.
  target: { maxP99Ms: 50 },
  targetSource: 'ADR 0025: the page scales past the origin with a shared cache in front',
  async setup(ctx) {
    const owner = await ctx.owner();
    const { event } = await ctx.api<{ event: { id: string; slug: string } }>('/api/events', {
      user: owner,
      body: {
        title: 'Bench Cached Launch',
        event_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        timezone: 'America/New_York',
        location: 'The Old Greenhouse, 120 Elm Street',
        max_attendees: 1000,
      },
    });
    const cache = await startNginxCache(await freePort(), [new URL(ctx.baseURL).host]);
    return { eventId: event.id, path: `/event/${event.slug}`, cache };
  },
  via: (_ctx, s) => s.cache.baseURL,
  requests: (_ctx, s) => ({ requests: [{ path: s.path, headers }] }),
  async verify(ctx, s, run) {
    await ctx.api(`/api/public/events/${s.eventId}/rsvps`, {
      method: 'POST',
      body: { name: 'Late Guest', email: `late.${Date.now()}@bench.turnout.test`, guest_count: 1, status: 'confirmed' },
    });
    const until = Date.now() + 2_000;
    let left: number | null = null;
    while (Date.now() < until) {
      const res = await fetch(`${s.cache.baseURL}/api/public/events/${s.eventId}/seats`);
      left = ((await res.json()) as { seats_left: number }).seats_left;
      if (left === 999) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ok = left === 999;
    return {
      ok,
      detail: ok
        ? `${Math.round(run.rps).toLocaleString('en-US')} views/s through the cache; a new answer in its seat figures within 2 s`
        : `seat figures through the cache still say ${left} seats left after 2 s`,
    };
  },
  teardown: async (_ctx, s) => s.cache.stop(),
});
