/**
 * Issue 29, item 4: only the Better Auth endpoints the app uses are reachable (auth/auth.routes.ts
 * authEndpoints, docs/decisions/0018-accounts.md). Everything else Better Auth serves answers 404, and
 * every endpoint that checks a password is behind the per-account guess limit.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../src/server/auth/account-guard.ts';
import { authEndpoints } from '../../src/server/auth/auth.routes.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ TRUST_PROXY: 'true' });

/** Each request from its own address: the per-client limits stay out of the way, the per-account ones do not. */
const send = (method: string, path: string, json: unknown, cookie?: string) =>
  t.request(`/api/auth${path}`, {
    method,
    ...(method === 'GET' ? {} : { json }),
    cookie,
    headers: { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` },
  });

const forwarded = new Set(authEndpoints().map((e) => `${e.method} ${e.path}`));

/** Every `METHOD /path` Better Auth (with its plugins) would serve, path parameters filled in. */
function betterAuthRoutes(): string[] {
  const routes: string[] = [];
  for (const endpoint of Object.values(t.deps.auth.api) as { path?: string; options?: { method?: string | string[] } }[]) {
    if (!endpoint.path) continue; // server-only: no route
    const methods = [endpoint.options?.method ?? 'GET'].flat().filter((m) => m !== '*');
    for (const method of methods) routes.push(`${method} ${endpoint.path.replace(/:\w+/g, 'x')}`);
  }
  return routes;
}

describe('the auth surface', () => {
  it('answers 404 on every Better Auth path that is not in the list, signed in or not', async () => {
    const u = await signedInUser(t);
    const hidden = betterAuthRoutes().filter((r) => !forwarded.has(r));
    // The ones the issue names are among them.
    expect(hidden).toEqual(
      expect.arrayContaining([
        'POST /send-verification-email',
        'POST /verify-password',
        'POST /delete-user',
        'POST /sign-up/email',
        'POST /two-factor/get-totp-uri',
        'POST /two-factor/generate-backup-codes',
        'POST /revoke-sessions',
        'POST /update-session',
      ]),
    );
    for (const route of hidden) {
      const [method, path] = route.split(' ') as [string, string];
      for (const cookie of [undefined, u.cookie]) {
        const res = await send(method, path, { email: u.email, password: TEST_PASSWORD }, cookie);
        expect(res.status, `${route} ${cookie ? 'signed in' : 'signed out'}`).toBe(404);
        expect((await res.json()).error.code).toBe('not_found');
      }
    }
    // The session survived all of it (revoke-sessions, delete-user… never ran).
    expect((await (await send('GET', '/get-session', undefined, u.cookie)).json())?.user.id).toBe(u.id);
  });

  it('forwards only what the web app calls: each listed endpoint reaches Better Auth', async () => {
    const u = await signedInUser(t);
    expect((await send('GET', '/list-sessions', undefined, u.cookie)).status).toBe(200);
    expect((await send('POST', '/update-user', { name: 'Listed' }, u.cookie)).status).toBe(200);
    // A path spelt another way that Hono would decode to a listed one is no way round the list.
    expect((await send('POST', '/%75pdate-user', { name: 'Sneaky' }, u.cookie)).status).toBe(404);
  });

  it('send-verification-email without a session is 404 and mails nobody', async () => {
    const u = await signedInUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await send('POST', '/send-verification-email', { email: u.email, callbackURL: '/' });
      expect(res.status).toBe(404);
    }
    const mails = await t.db.select({ payload: outbox.payload }).from(outbox);
    expect(mails.filter((m) => (m.payload as { to?: string }).to === u.email)).toEqual([]);
  });

  it('verify-password is not reachable: 12 wrong guesses then the right one all answer 404', async () => {
    const u = await signedInUser(t);
    for (let i = 0; i < 12; i++)
      expect((await send('POST', '/verify-password', { password: `wrong-${i}-guess` }, u.cookie)).status).toBe(404);
    expect((await send('POST', '/verify-password', { password: TEST_PASSWORD }, u.cookie)).status).toBe(404);
  });

  it('every password-checking endpoint is behind the per-account guess limit', async () => {
    // Better Auth's endpoints (with the two-factor plugin) that check the account's password, read from
    // its sources (better-auth 1.7): each is either not forwarded (404) or behind the limit below.
    const passwordChecking = [
      '/sign-in/email',
      '/change-password',
      '/verify-password',
      '/delete-user',
      '/two-factor/enable',
      '/two-factor/disable',
      '/two-factor/get-totp-uri',
      '/two-factor/generate-backup-codes',
    ];
    const checkers = authEndpoints().filter((e) => passwordChecking.includes(e.path));
    expect(checkers.map((e) => e.path).sort()).toEqual(['/change-password', '/sign-in/email', '/two-factor/disable', '/two-factor/enable']);
    const holder = await signedInUser(t);
    for (const path of passwordChecking.filter((p) => !checkers.some((e) => e.path === p))) {
      expect((await send('POST', path, { password: TEST_PASSWORD }, holder.cookie)).status, path).toBe(404);
    }
    const bodies: Record<string, (password: string) => unknown> = {
      '/change-password': (password) => ({ currentPassword: password, newPassword: 'another-good-secret', revokeOtherSessions: false }),
      '/two-factor/enable': (password) => ({ password }),
      '/two-factor/disable': (password) => ({ password }),
    };
    const behindGuard = checkers.filter((e) => e.path !== '/sign-in/email');
    for (const e of behindGuard) {
      const u = await signedInUser(t);
      for (let i = 0; i < ACCOUNT_LIMITS.passwordChecksPerUser.points; i++) {
        expect((await send('POST', e.path, bodies[e.path]!(`wrong-${i}-guess`), u.cookie)).status, e.path).not.toBe(429);
      }
      const right = await send('POST', e.path, bodies[e.path]!(TEST_PASSWORD), u.cookie);
      expect(right.status, e.path).toBe(429);
      expect(right.headers.get('retry-after')).toBeTruthy();
    }
    // One budget per account, whichever endpoint the guesses go to.
    const u = await signedInUser(t);
    const paths = Object.keys(bodies);
    for (let i = 0; i < ACCOUNT_LIMITS.passwordChecksPerUser.points; i++) {
      const path = paths[i % paths.length]!;
      expect((await send('POST', path, bodies[path]!(`wrong-${i}-guess`), u.cookie)).status).not.toBe(429);
    }
    for (const path of paths) expect((await send('POST', path, bodies[path]!(TEST_PASSWORD), u.cookie)).status, path).toBe(429);
  });
});
