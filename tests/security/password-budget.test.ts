/**
 * Security review of issue 29: a wrong current password on change-password or two-factor enable/disable
 * is a failed sign-in of that client on that account (SIGN_IN_LIMITS), so guesses through a stolen
 * session and through the sign-in form share one budget; as for sign-in, a client without failures of
 * its own still signs in with the right password (docs/decisions/0009-shared-rate-limits.md).
 */
import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../src/server/auth/sign-in-guard.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ TRUST_PROXY: 'true' });

const post = (path: string, json: unknown, ip: string, cookie?: string) =>
  t.request(`/api/auth${path}`, { method: 'POST', json, cookie, headers: { 'x-forwarded-for': ip } });
const signIn = (email: string, password: string, ip: string) => post('/sign-in/email', { email, password }, ip);
const wrongCheck = (path: string, i: number, ip: string, cookie: string) =>
  post(
    path,
    path === '/change-password' ? { currentPassword: `wrong-${i}`, newPassword: 'a-new-good-secret' } : { password: `wrong-${i}` },
    ip,
    cookie,
  );

describe('password checks and sign-in share one budget of guesses', () => {
  it('wrong current passwords count as failed sign-ins of that client: its right password then waits', async () => {
    const u = await signedInUser(t);
    const ip = '203.0.113.10';
    const paths = ['/change-password', '/two-factor/enable', '/two-factor/disable', '/change-password'];
    for (const [i, path] of paths.entries()) expect((await wrongCheck(path, i, ip, u.cookie)).status, path).toBe(400);
    expect((await signIn(u.email, 'wrong-at-sign-in', ip)).status).toBe(401);
    // 5 failures of this client on this account, whichever endpoint took them.
    const refused = await signIn(u.email, TEST_PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Someone else's guesses never lock the account holder out: another client signs in.
    expect((await signIn(u.email, TEST_PASSWORD, '203.0.113.11')).status).toBe(200);
  });

  it('failed sign-ins of a client count against its password checks', async () => {
    const u = await signedInUser(t);
    const ip = '203.0.113.20';
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerClient.points; i++) expect((await signIn(u.email, `wrong-${i}`, ip)).status).toBe(401);
    const res = await post('/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-good-secret' }, ip, u.cookie);
    expect(res.status).toBe(429);
    // From another client the right password is accepted.
    const other = await post(
      '/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'a-new-good-secret' },
      '203.0.113.21',
      u.cookie,
    );
    expect(other.status).toBe(200);
  });

  it('a password check refused for another reason costs nothing', async () => {
    const u = await signedInUser(t);
    const ip = '203.0.113.30';
    // A too-short new password is refused whatever the current one: 4 such answers, 4 failed sign-ins.
    for (let i = 0; i < 4; i++) {
      expect((await post('/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'short' }, ip, u.cookie)).status).toBe(400);
      expect((await signIn(u.email, `wrong-${i}`, ip)).status).toBe(401);
    }
    expect((await signIn(u.email, TEST_PASSWORD, ip)).status).toBe(200);
  });
});
