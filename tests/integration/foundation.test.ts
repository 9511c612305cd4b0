import os from 'node:os';
import path from 'node:path';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createUser } from '../../src/server/auth/create-user.ts';
import { eq } from 'drizzle-orm';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { insertEvent, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp, TEST_ORIGIN } from '../support/app.ts';

const t = await createTestApp();

describe('health and errors', () => {
  it('GET /healthz checks the database', async () => {
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /livez answers through the same middleware', async () => {
    const res = await t.request('/livez');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers unknown paths with 404 and known SPA paths with 200', async () => {
    expect((await t.request('/no/such/page')).status).toBe(404);
    expect((await t.request('/ticket/abc')).status).toBe(200);
    expect((await t.request('/auth/admin')).status).toBe(200);
    const api = await t.request('/api/nope');
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('not_found');
  });

  it('rejects malformed JSON with a 400 naming the body, never a 500', async () => {
    const res = await t.request('/api/setup/owner', { method: 'POST', body: '{bad', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'bad_request', fields: { body: expect.any(String) } });
  });

  it("keeps a Hono HTTPException's status, with the code that fits it", async () => {
    // The real app with a route only this test adds (outside /api, whose catch-all answers 404, and not
    // GET, the SPA's): nothing in production throws a 415 HTTPException to test it with.
    const { app } = createApp(t.deps, { clientDir: path.join(os.tmpdir(), 'turnout-no-client') });
    app.post('/test-http-exception/:status', (c) => {
      throw new HTTPException(Number(c.req.param('status')) as ContentfulStatusCode);
    });
    const cases: [number, string][] = [
      [400, 'bad_request'],
      [401, 'unauthenticated'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [405, 'method_not_allowed'],
      [413, 'payload_too_large'],
      [415, 'unsupported_media_type'],
      [418, 'bad_request'],
    ];
    for (const [status, code] of cases) {
      const res = await app.request(`/test-http-exception/${status}`, { method: 'POST' });
      expect(res.status, String(status)).toBe(status);
      const body = await res.json();
      expect(body.error.code, String(status)).toBe(code);
      expect(body.error.message, String(status)).toEqual(expect.any(String));
    }
    const crash = await app.request('/test-http-exception/503', { method: 'POST' });
    expect(crash.status).toBe(500);
    expect((await crash.json()).error.code).toBe('internal');
  });

  it('sends the security headers on every response', async () => {
    const res = await t.request('/');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('owner setup and sign-in', () => {
  it('offers the owner form once, then only sign-in', async () => {
    expect(await (await t.request('/api/setup')).json()).toEqual({ needsOwner: true });
    const bad = await t.request('/api/setup/owner', { method: 'POST', json: { name: 'Maya Berg', email: 'nope', password: 'short' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Use at least 8 characters.',
    });

    // A display name is required (trimmed, at most 100 characters); the password follows the one rule of reset.
    const setup = (json: Record<string, unknown>) =>
      t.request('/api/setup/owner', { method: 'POST', json: { email: 'owner@example.com', password: TEST_PASSWORD, ...json } });
    for (const [name, reason] of [
      [undefined, 'Please enter your name.'],
      ['   ', 'Please enter your name.'],
      ['x'.repeat(101), 'Use at most 100 characters.'],
    ] as const) {
      const res = await setup(name === undefined ? {} : { name });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({ name: reason });
    }
    for (const [password, reason] of [
      ['password123', 'This password is too common.'],
      ['owner-password', 'Do not use your e-mail address in the password.'],
    ]) {
      const res = await setup({ name: 'Maya Berg', password });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({ password: reason });
    }

    const ok = await t.request('/api/setup/owner', {
      method: 'POST',
      json: { name: '  Maya Berg ', email: 'Owner@Example.com', password: TEST_PASSWORD },
    });
    expect(ok.status).toBe(200);
    const cookie = cookiesFrom(ok);
    expect(ok.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    expect(ok.headers.getSetCookie().join()).toMatch(/SameSite=Lax/i);
    const session = await (await t.request('/api/auth/get-session', { cookie })).json();
    expect(session.user).toMatchObject({ email: 'owner@example.com', name: 'Maya Berg', role: 'admin' });

    expect(await (await t.request('/api/setup')).json()).toEqual({ needsOwner: false });
    const again = await t.request('/api/setup/owner', {
      method: 'POST',
      json: { name: 'Maya Berg', email: 'second@example.com', password: TEST_PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(ok.headers.getSetCookie().join()).not.toMatch(/;\s*Secure/i); // plain http outside production
  });

  it('refuses state-changing API requests sent from another site; same-origin and non-browser ones pass', async () => {
    const event = await insertEvent(t, { title: 'Origin Check' });
    const rsvp = (origin?: string) =>
      t.app.request(`${TEST_ORIGIN}/api/public/events/${event.id}/rsvps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify(rsvpInput()),
      });
    const foreign = await rsvp('https://evil.example');
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe('forbidden');
    expect((await rsvp('null')).status).toBe(403);
    expect((await rsvp(TEST_ORIGIN)).status).toBe(201);
    expect((await rsvp()).status).toBe(201); // no Origin: not a browser, no session riding along
    const rows = await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.event_id, event.id));
    expect(rows).toHaveLength(2);
    // Login CSRF: a sign-in posted from another site is refused before Better Auth sees it.
    const signIn = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'someone@example.com', password: TEST_PASSWORD }),
    });
    expect(signIn.status).toBe(403);
    // Reads are not affected.
    expect(
      (await t.app.request(`${TEST_ORIGIN}/api/public/events/${event.id}`, { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });

  it('in production on https the session cookie is Secure (and still HttpOnly, SameSite=Lax)', async () => {
    const origin = 'https://events.example.com';
    // Its own address (TRUST_PROXY), off the per-address sign-in limit the other tests here use.
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_BASE_URL: origin, TRUST_PROXY: 'true', DEV_MAILBOX: 'true' });
    await createUser({ auth: prod.deps.auth, email: 'prod@example.com', password: TEST_PASSWORD });
    const res = await prod.app.request(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ email: 'prod@example.com', password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => /session_token=/.test(c));
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it('refuses a wrong password with 401 and keeps the session store clean', async () => {
    const u = await signedInUser(t);
    const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: 'wrong-password' } });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toHaveLength(0);
  });

  it('rate-limits sign-in per account with 429 and Retry-After', async () => {
    const email = 'victim@example.com';
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'guess' } });
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await last!.json()).error.code).toBe('rate_limited');
  });

  it('counts only failed sign-ins per account: signing in often never locks the owner out', async () => {
    // Its own app, each request from another address, so only the per-account limit is in play.
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    const u = await signedInUser(proxied);
    let n = 0;
    const signIn = (password: string) =>
      proxied.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: u.email, password },
        headers: { 'x-forwarded-for': `198.51.100.${++n}` },
      });
    for (let i = 0; i < 8; i++) expect((await signIn(TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn('wrong-password')).status).toBe(401);
    expect((await signIn(TEST_PASSWORD)).status).toBe(200); // a success clears the failures
    for (let i = 0; i < 5; i++) expect((await signIn('wrong-password')).status).toBe(401);
    // Five failures, each from another client: none of them is this one (tests/security/rate-limits.test.ts).
    expect((await signIn(TEST_PASSWORD)).status).toBe(200);
  });

  it('signs out', async () => {
    const u = await signedInUser(t);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie: u.cookie, json: {} });
    expect(out.status).toBe(200);
    const session = await (await t.request('/api/auth/get-session', { cookie: u.cookie })).json();
    expect(session).toBeNull();
  });
});
