/**
 * The session cache of every signed-in route (auth/middleware.ts loadUser, ADR 0039): a session read
 * within SESSION_CACHE_MS is reused, so a session ended behind this app (another process, the database)
 * keeps working here for at most that long; every way of ending a session or changing what it carries
 * IN this app takes effect at the very next request, though the session was just used.
 */
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createResetLink } from '../../src/server/auth/reset-link.ts';
import { SESSION_CACHE_MS } from '../../src/server/auth/session-cache.ts';
import { session, user } from '../../src/server/db/schema/auth.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp, secondApp, TEST_ORIGIN } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false', SESSION_MAX_DAYS: '30' });
const owner = await signedInUser(t, { role: 'admin' });

const auth = (p: string, json: unknown, cookie?: string) => t.request(`/api/auth${p}`, { method: 'POST', json, cookie });
/** A host route: the list of one's events (200 signed in, 401 otherwise). */
const events = async (cookie: string) => (await t.request('/api/events', { cookie })).status;

async function secondSession(email: string, password = TEST_PASSWORD) {
  const res = await auth('/sign-in/email', { email, password });
  expect(res.status).toBe(200);
  return cookiesFrom(res);
}

/** A host whose session was just read, and so is in the cache. */
async function cachedHost() {
  const u = await signedInUser(t);
  expect(await events(u.cookie)).toBe(200);
  return u;
}

describe('in this app, an ended session is refused at once though it was just used', () => {
  it('signing out', async () => {
    const u = await cachedHost();
    expect((await auth('/sign-out', {}, u.cookie)).status).toBe(200);
    expect(await events(u.cookie)).toBe(401);
  });

  it('one session revoked from another', async () => {
    const u = await cachedHost();
    const other = await secondSession(u.email);
    expect(await events(other)).toBe(200);
    const token = ((await (await t.request('/api/auth/get-session', { cookie: other })).json()) as { session: { token: string } }).session
      .token;
    expect((await auth('/revoke-session', { token }, u.cookie)).status).toBe(200);
    expect(await events(other)).toBe(401);
    expect(await events(u.cookie)).toBe(200);
  });

  it('signing out everywhere else', async () => {
    const u = await cachedHost();
    const other = await secondSession(u.email);
    expect(await events(other)).toBe(200);
    expect((await auth('/revoke-other-sessions', {}, u.cookie)).status).toBe(200);
    expect(await events(other)).toBe(401);
    expect(await events(u.cookie)).toBe(200);
  });

  it('a new password that ends the other sessions', async () => {
    const u = await cachedHost();
    const other = await secondSession(u.email);
    expect(await events(other)).toBe(200);
    const ok = await auth(
      '/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'a-new-good-secret', revokeOtherSessions: true },
      u.cookie,
    );
    expect(ok.status).toBe(200);
    expect(await events(other)).toBe(401);
  });

  it('a password reset through its link (every session ends)', async () => {
    const u = await cachedHost();
    const { link } = await createResetLink({ auth: t.deps.auth, baseUrl: TEST_ORIGIN, email: u.email });
    const token = new URL(link).searchParams.get('token')!;
    expect((await auth('/reset-password', { token, newPassword: 'a-brand-new-secret' })).status).toBe(200);
    expect(await events(u.cookie)).toBe(401);
  });

  it('the owner deactivating the account', async () => {
    const u = await cachedHost();
    expect((await t.request(`/api/people/${u.id}/deactivate`, { method: 'POST', cookie: owner.cookie })).status).toBe(200);
    expect(await events(u.cookie)).toBe(401);
  });

  it('the absolute lifetime, ended by reading the session', async () => {
    const u = await cachedHost();
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(session.userId, u.id));
    expect(await (await t.request('/api/auth/get-session', { cookie: u.cookie })).json()).toBeNull();
    expect(await events(u.cookie)).toBe(401);
  });
});

describe('in this app, what a session carries is read again at once when it changes', () => {
  it('two-factor turned on and off: the owner’s rule for paid events follows at the next request', async () => {
    const host = await signedInUser(t);
    // A second browser of the same account, its session read (and cached) before each change.
    const other = await secondSession(host.email);
    const paid = await createEvent(t, host, { title: 'Paid Gala', ...paidEventInput() });
    const rule = (on: boolean) =>
      t.request('/api/settings', { method: 'PATCH', json: { require_two_factor_for_paid: on }, cookie: owner.cookie });
    expect((await rule(true)).status).toBe(200);
    try {
      const guests = async (cookie: string) => (await t.request(`/api/events/${paid.id}/rsvps`, { cookie })).status;
      expect(await guests(other)).toBe(403);
      const enable = await auth('/two-factor/enable', { password: TEST_PASSWORD }, host.cookie);
      expect(enable.status).toBe(200);
      const totp = OTPAuth.URI.parse(((await enable.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
      const verified = await auth('/two-factor/verify-totp', { code: totp.generate() }, host.cookie);
      expect(verified.status).toBe(200);
      expect(await guests(other)).toBe(200);
      const cookie = cookiesFrom(verified) || host.cookie;
      expect((await auth('/two-factor/disable', { password: TEST_PASSWORD }, cookie)).status).toBe(200);
      expect(await guests(other)).toBe(403);
    } finally {
      expect((await rule(false)).status).toBe(200);
    }
  });

  it('a new name or e-mail, like every /api/auth write, empties the cache', async () => {
    const u = await cachedHost();
    expect(t.deps.caches.sessions.size).toBeGreaterThan(0);
    expect((await auth('/update-user', { name: 'Renamed Host' }, u.cookie)).status).toBe(200);
    expect(t.deps.caches.sessions.size).toBe(0);
    expect(await events(u.cookie)).toBe(200);
    expect(t.deps.caches.sessions.size).toBe(1);
  });
});

describe('a session ended behind this app (another process, the database)', () => {
  it('keeps working here for at most SESSION_CACHE_MS, then is refused', async () => {
    const u = await cachedHost();
    await t.db.delete(session).where(eq(session.userId, u.id));
    // The trade (ADR 0039): the cached read stands until its TTL…
    expect(await events(u.cookie)).toBe(200);
    await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 100));
    // …and not a moment longer: the TTL counts from the read, using the session does not extend it.
    expect(await events(u.cookie)).toBe(401);
  });

  it('a deactivated account loses access within SESSION_CACHE_MS, however often it asks meanwhile', async () => {
    const u = await cachedHost();
    await t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, u.id));
    const until = Date.now() + SESSION_CACHE_MS + 100;
    while (Date.now() < until) await events(u.cookie);
    expect(await events(u.cookie)).toBe(401);
  });

  it('a sign-out in a second app on the same database reaches this one within SESSION_CACHE_MS', async () => {
    const second = secondApp(t);
    const u = await cachedHost();
    const out = await second.app.request(`${TEST_ORIGIN}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: u.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    const start = Date.now();
    while ((await events(u.cookie)) === 200) {
      expect(Date.now() - start).toBeLessThan(SESSION_CACHE_MS + 100);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await events(u.cookie)).toBe(401);
  });
});

describe('what is never cached', () => {
  it('signed out: a cookie without a session is read at each request', async () => {
    const u = await signedInUser(t);
    const stale = u.cookie;
    expect((await auth('/sign-out', {}, u.cookie)).status).toBe(200);
    expect(await events(stale)).toBe(401);
    expect(t.deps.caches.sessions.size).toBe(0);
  });

  it('a co-host removed from the team is refused at their next request, though their session is cached', async () => {
    const host = await signedInUser(t);
    const cohost = await cachedHost();
    const e = await createEvent(t, host, { title: 'Team' });
    expect(
      (await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: host.cookie })).status,
    ).toBe(201);
    expect((await t.request(`/api/events/${e.id}/rsvps`, { cookie: cohost.cookie })).status).toBe(200);
    expect((await t.request(`/api/events/${e.id}/hosts/${cohost.email}`, { method: 'DELETE', cookie: host.cookie })).status).toBe(204);
    expect((await t.request(`/api/events/${e.id}/rsvps`, { cookie: cohost.cookie })).status).toBe(404);
    expect(await events(cohost.cookie)).toBe(200);
  });

  it('demoted to door staff: the guest list answers 404 at the next request', async () => {
    const host = await signedInUser(t);
    const cohost = await cachedHost();
    const e = await createEvent(t, host, { title: 'Demoted' });
    expect(
      (await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: host.cookie })).status,
    ).toBe(201);
    expect((await t.request(`/api/events/${e.id}/rsvps`, { cookie: cohost.cookie })).status).toBe(200);
    const demote = await t.request(`/api/events/${e.id}/hosts/${cohost.email}`, {
      method: 'PATCH',
      json: { role: 'door' },
      cookie: host.cookie,
    });
    expect(demote.status).toBe(200);
    expect((await t.request(`/api/events/${e.id}/rsvps`, { cookie: cohost.cookie })).status).toBe(404);
  });
});
