/**
 * The ticket verification pages name the public origin (PUBLIC_BASE_URL) in their HTML, so a page opened
 * on another host moves there (docs/product.md#ticket-verification); no other page carries it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { HEAD_END, HEAD_START, originMeta } from '../../src/server/http/spa.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-client-'));
writeFileSync(
  path.join(dir, 'index.html'),
  `<!doctype html><html><head>${HEAD_START}<title>Turnout</title>${HEAD_END}</head><body></body></html>`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const t = await createTestApp();
const app = createApp(t.deps, { clientDir: dir }).app;
const meta = `<meta name="turnout-origin" content="${new URL(t.deps.env.PUBLIC_BASE_URL).origin}">`;

describe('turnout-origin on the verification pages', () => {
  it('is in the head of /ticket-verification/… and /checkin/verify/…, keeping the default title', async () => {
    for (const p of ['/ticket-verification/abc.def?event=x', '/checkin/verify/abc']) {
      const res = await app.request(`${TEST_ORIGIN}${p}`);
      const body = await res.text();
      expect(res.status, p).toBe(200);
      expect(body, p).toContain(`${meta}</head>`);
      expect(body, p).toContain('<title>Turnout</title>');
    }
  });

  it('is on no other page', async () => {
    for (const p of ['/', '/checkin', '/checkin/scan', '/auth/admin']) {
      const body = await (await app.request(`${TEST_ORIGIN}${p}`)).text();
      expect(body, p).not.toContain('turnout-origin');
    }
  });

  it('takes only the origin of the base URL, escaped', () => {
    expect(originMeta('/ticket-verification/x', 'https://events.example.com/base/')).toBe(
      '<meta name="turnout-origin" content="https://events.example.com">',
    );
    expect(originMeta('/ticket-verification/x/extra', 'https://events.example.com')).toBe('');
    expect(originMeta('/ticket-verification/x', 'not a url')).toBe('');
  });
});
