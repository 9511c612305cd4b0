/**
 * The embedded RSVP form (docs/product.md#embedding, docs/decisions/0031-embedded-rsvp.md): the host lists
 * the sites that may frame it; /embed/:id names exactly those in its frame-ancestors, and every other page
 * and answer keeps refusing frames. The sites are origins, checked and normalised.
 */
import { describe, expect, it } from 'vitest';
import { EMBED_ORIGINS_MAX } from '../../src/common/schemas/events.ts';
import { createEvent } from '../factories/events.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
const host = await signedInUser(t);

const setOrigins = (id: string, embed_origins: unknown) =>
  t.request(`/api/events/${id}`, { method: 'PATCH', json: { embed_origins }, cookie: host.cookie });

const frameRule = (res: Response) => /frame-ancestors ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

describe('the sites that may embed the form', () => {
  it('are origins, normalised and without repeats; anything else is named on its field', async () => {
    const e = await createEvent(t, host, { title: 'Embed me' });
    const ok = await setOrigins(e.id, [
      'https://Example.com:443',
      'https://example.com',
      'http://localhost:5173',
      'https://shop.example.org:8443',
    ]);
    expect(ok.status).toBe(200);
    expect((await ok.json()).event.embed_origins).toEqual([
      'https://example.com',
      'http://localhost:5173',
      'https://shop.example.org:8443',
    ]);

    for (const bad of [
      'http://example.com',
      'https://example.com/page',
      'javascript:alert(1)',
      'ftp://example.com',
      'example.com',
      'https://u:p@example.com',
      // Each would become CSP syntax: another directive, a list, or every site.
      'https://a.example;report-uri',
      'https://a.example,b',
      'https://*',
      'https://*.example.com',
      "https://a.example'",
    ]) {
      const res = await setOrigins(e.id, ['https://fine.example', bad]);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty(['embed_origins.1']);
    }
    const many = await setOrigins(
      e.id,
      Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.example`),
    );
    expect(many.status).toBe(400);
    // Nothing of the refused edits was stored.
    const stored = await (await t.request(`/api/events/${e.id}`, { cookie: host.cookie })).json();
    expect(stored.event.embed_origins).toEqual(['https://example.com', 'http://localhost:5173', 'https://shop.example.org:8443']);
  });
});

describe('who may frame what', () => {
  it('/embed/:id may be framed by the listed sites only; the event page and the API by none', async () => {
    const e = await createEvent(t, host, { title: 'Framed' });
    expect((await setOrigins(e.id, ['https://club.example', 'http://127.0.0.1:8080'])).status).toBe(200);

    for (const path of [`/embed/${e.id}`, `/embed/${e.slug}`]) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      expect(frameRule(res)).toBe('https://club.example http://127.0.0.1:8080');
      expect(res.headers.get('x-frame-options')).toBeNull();
      // The rest of the policy is the same as every page's.
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    for (const path of [`/event/${e.slug}`, `/api/public/events/${e.id}`, '/auth', '/']) {
      const res = await t.request(path);
      expect(frameRule(res), path).toBe("'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('an event with no sites, an unknown event and an inactive one: framed by none', async () => {
    const bare = await createEvent(t, host, { title: 'Not embedded' });
    const off = await createEvent(t, host, { title: 'Off', is_active: false });
    await setOrigins(off.id, ['https://club.example']);
    for (const path of [`/embed/${bare.id}`, `/embed/${off.id}`, '/embed/no-such-event']) {
      const res = await t.request(path);
      expect(frameRule(res), path).toBe("'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
    expect((await t.request('/embed/no-such-event')).status).toBe(404);
  });

  it('a change of the sites applies to the next view at once (the cached page follows the event)', async () => {
    const e = await createEvent(t, host, { title: 'Moving' });
    await setOrigins(e.id, ['https://one.example']);
    expect(frameRule(await t.request(`/embed/${e.id}`))).toBe('https://one.example');
    await setOrigins(e.id, ['https://two.example']);
    expect(frameRule(await t.request(`/embed/${e.id}`))).toBe('https://two.example');
    await setOrigins(e.id, []);
    expect(frameRule(await t.request(`/embed/${e.id}`))).toBe("'none'");
  });
});
