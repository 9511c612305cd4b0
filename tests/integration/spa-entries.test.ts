/**
 * Which HTML start-up each path gets (docs/decisions/0003-public-entry.md): guest pages their own
 * guest/<page>.html, everything else index.html (the full app), with the usual statuses, cache headers
 * and server-rendered share tags. The client build is a fixture written here, not a real build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { HEAD_END, HEAD_START } from '../../src/server/http/spa.ts';
import { createEvent } from '../factories/events.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

const html = (start: string) =>
  `<!doctype html><html><head>${HEAD_START}<title>Turnout</title>${HEAD_END}</head><body data-start="${start}"></body></html>`;

function clientDir(withGuestPages: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-client-'));
  writeFileSync(path.join(dir, 'index.html'), html('full-app'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'export {};\n');
  if (withGuestPages) {
    mkdirSync(path.join(dir, 'guest'));
    for (const page of ['event', 'sample', 'ticket', 'rsvp']) writeFileSync(path.join(dir, 'guest', `${page}.html`), html(`guest-${page}`));
  }
  return dir;
}

const t = await createTestApp();
const owner = await signedInUser(t);
const withGuests = clientDir(true);
const withoutGuests = clientDir(false);
const app = createApp(t.deps, { clientDir: withGuests }).app;
const oldBuild = createApp(t.deps, { clientDir: withoutGuests }).app;
afterAll(() => {
  rmSync(withGuests, { recursive: true, force: true });
  rmSync(withoutGuests, { recursive: true, force: true });
});

const get = async (p: string, on = app) => {
  const res = await on.request(`${TEST_ORIGIN}${p}`);
  const body = await res.text();
  return { res, body, start: /data-start="([^"]+)"/.exec(body)?.[1] };
};

describe('HTML start-up per path', () => {
  it('guest pages get their own start-up; known statuses stay', async () => {
    const e = await createEvent(t, owner, { title: 'Garden Party' });
    // An event's own page may be kept by a shared cache for seconds (ADR 0025); every other page says no-cache.
    const shared = 'public, max-age=0, s-maxage=5';
    const cases: [string, string, number, string][] = [
      [`/event/${e.slug}`, 'guest-event', 200, shared],
      [`/event/${e.id}/`, 'guest-event', 200, shared],
      [`/event?id=${e.id}`, 'guest-event', 200, shared],
      ['/event/no-such-event', 'guest-event', 404, 'no-cache'],
      ['/event', 'guest-event', 404, 'no-cache'],
      ['/ticket/00000000-0000-4000-8000-000000000000', 'guest-ticket', 200, 'no-cache'],
      ['/rsvp/some-manage-secret', 'guest-rsvp', 200, 'no-cache'],
      ['/sample', 'guest-sample', 404, 'no-cache'], // no sample event seeded in this database
    ];
    for (const [p, start, status, cache] of cases) {
      const { res, start: got } = await get(p);
      expect(got, p).toBe(start);
      expect(res.status, p).toBe(status);
      expect(res.headers.get('cache-control'), p).toBe(cache);
    }
  });

  it('every other path gets the full app: app routes 200, unknown paths 404, HTML never by file name', async () => {
    const cases: [string, number][] = [
      ['/', 200],
      ['/auth/admin', 200],
      ['/event/some-event/payment-success', 200],
      ['/ticket-verification/abc', 200],
      ['/ticket', 404],
      ['/no/such/page', 404],
      ['/index.html', 404],
      ['/guest/event.html', 404],
    ];
    for (const [p, status] of cases) {
      const { res, start } = await get(p);
      expect(start, p).toBe('full-app');
      expect(res.status, p).toBe(status);
    }
    const asset = await app.request(`${TEST_ORIGIN}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('the guest start-up carries the share tags between its head markers', async () => {
    const e = await createEvent(t, owner, { title: 'Harbour <Lights>', subtitle: 'Fireworks & music' });
    const { body, start } = await get(`/event/${e.slug}`);
    expect(start).toBe('guest-event');
    const head = body.slice(body.indexOf(HEAD_START), body.indexOf(HEAD_END));
    expect(head).toContain('<title>Harbour &lt;Lights&gt; | Event</title>');
    expect(head).toContain('<meta property="og:title" content="Harbour &lt;Lights&gt;">');
    expect(head).not.toContain('<title>Turnout</title>');
    const missing = await get('/event/no-such-event');
    expect(missing.body).toContain('<title>Event Not Found | Event</title>');
  });

  it('pages are compressed when the client accepts it (br, else gzip), and the same HTML either way', async () => {
    const e = await createEvent(t, owner, {
      title: 'Compressed Evening',
      main_body_intro: 'Long enough to be worth compressing. '.repeat(20),
    });
    const plain = await get(`/event/${e.slug}`);
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    const refused = await app.request(`${TEST_ORIGIN}/event/${e.slug}`, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(plain.body);
    expect(plain.body.length).toBeGreaterThan(512);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, GZIP;q=0.5', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await app.request(`${TEST_ORIGIN}/event/${e.slug}`, { headers: { 'accept-encoding': accept } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding'), accept).toBe(encoding);
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.length).toBeLessThan(plain.body.length);
        expect(decode(bytes).toString('utf8')).toBe(plain.body);
      }
    }
  });

  it('a failing head provider (database down) still serves the page, without share tags', async () => {
    const { app: failing, spa } = createApp(t.deps, { clientDir: withGuests });
    spa.addHeadProvider(async () => {
      throw new Error('connection terminated');
    });
    for (const [p, start, status] of [
      ['/', 'full-app', 200],
      ['/no/such/page', 'full-app', 404],
    ] as const) {
      const { res, body, start: got } = await get(p, failing);
      expect(res.status, p).toBe(status);
      expect(got, p).toBe(start);
      expect(body, p).toContain('<title>Turnout</title>');
    }
  });

  it('a build without guest start-ups serves index.html for every path', async () => {
    for (const p of ['/event/x', '/sample', '/ticket/abc', '/']) expect((await get(p, oldBuild)).start, p).toBe('full-app');
  });
});
