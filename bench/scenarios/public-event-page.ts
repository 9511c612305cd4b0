import sharp from 'sharp';
import { defineScenario } from '../lib/types.ts';

const headers = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' };

type State = { id: string; slug: string; path: string; cookie: string };

/**
 * GET /event/{slug}: the SPA shell with the event's server-rendered title, description, Open Graph,
 * Twitter and JSON-LD tags (what a share crawler or a first visit gets). Served from the in-process
 * public event cache; verify() proves an edit is visible on the very next request (no TTL wait).
 */
export default defineScenario<State>({
  name: 'public event page (HTML + share tags)',
  target: { minRps: 5000, maxP99Ms: 20 },
  targetSource: 'product.md#performance-targets: public event page HTML (with meta tags)',
  async setup(ctx) {
    const owner = await ctx.owner();
    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#8a4b5c' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'hero.png');
    const up = await fetch(new URL('/api/media', ctx.baseURL), {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: ctx.baseURL },
      body: form,
    });
    if (up.status !== 201) throw new Error(`POST /api/media → ${up.status}: ${await up.text()}`);
    const image = (await up.json()) as { image_url: string; preview_image_url: string };
    const { event } = await ctx.api<{ event: { id: string; slug: string } }>('/api/events', {
      user: owner,
      body: {
        title: 'Bench Summer Party',
        subtitle: 'Music, food and friends under the stars',
        event_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        timezone: 'America/New_York',
        location: 'The Old Greenhouse, 120 Elm Street',
        main_body_intro: 'Join us for a relaxed evening with live music and a long-table supper.',
        max_attendees: 200,
        ...image,
      },
    });
    const path = `/event/${event.slug}`;
    const html = await ctx.api<string>(path, { headers });
    for (const tag of ['<title>Bench Summer Party | Event</title>', 'og:image:width', 'twitter:card', 'application/ld+json']) {
      if (!html.includes(tag)) throw new Error(`${path} lacks ${tag}`);
    }
    return { id: event.id, slug: event.slug, path, cookie: owner.cookie };
  },
  requests: (_ctx, s) => ({ requests: [{ path: s.path, headers }] }),
  async verify(ctx, s) {
    const title = `Edited ${Date.now()}`;
    await ctx.api(`/api/events/${s.id}`, { method: 'PATCH', body: { title }, headers: { cookie: s.cookie } });
    const html = await ctx.api<string>(s.path, { headers });
    const ok = html.includes(`<title>${title} | Event</title>`);
    return { ok, detail: ok ? 'an edit shows on the next request (cache invalidated, not waited out)' : 'stale page after an edit' };
  },
});
