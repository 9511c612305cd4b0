/**
 * Two-factor sign-in (docs/product.md#two-factor-sign-in): enrol with the password, verify a code,
 * then sign-in asks for a TOTP (computed here with otpauth) or a one-time backup code; wrong codes are
 * refused and limited; disabling needs the password.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../src/server/auth/account-guard.ts';
import { user } from '../../src/server/db/schema/auth.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp } from '../support/app.ts';

const t = await createTestApp({ TRUST_PROXY: 'true' });

const freshIp = () => `10.${randomBytes(3).join('.')}`;
const post = (path: string, json: unknown, cookie?: string, ip = freshIp()) =>
  t.request(`/api/auth${path}`, { method: 'POST', json, cookie, headers: { 'x-forwarded-for': ip } });

/** Enrols `u` and returns its TOTP generator and backup codes. */
async function enrol(u: { cookie: string }) {
  const res = await post('/two-factor/enable', { password: TEST_PASSWORD }, u.cookie);
  expect(res.status).toBe(200);
  const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  expect(totp.issuer).toBe('Turnout');
  const verified = await post('/two-factor/verify-totp', { code: totp.generate() }, u.cookie);
  expect(verified.status).toBe(200);
  // Turning two-factor on replaces this browser's session.
  return { totp, backupCodes, cookie: cookiesFrom(verified) || u.cookie };
}

describe('two-factor sign-in', () => {
  it('enrolment needs the password and a verified code; then sign-in asks for the code', async () => {
    const u = await signedInUser(t);
    expect((await post('/two-factor/enable', { password: 'not-the-password' }, u.cookie)).status).toBe(400);
    const { totp, backupCodes } = await enrol(u);
    expect(backupCodes).toHaveLength(10);
    const [row] = await t.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, u.id));
    expect(row!.on).toBe(true);

    const first = await post('/sign-in/email', { email: u.email, password: TEST_PASSWORD });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookiesFrom(first);
    // No session yet.
    expect(await (await t.request('/api/auth/get-session', { cookie: pending })).json()).toBeNull();

    const wrong = await post('/two-factor/verify-totp', { code: '000000' }, pending);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields.code).toMatch(/not right/);
    // The next step's code: the current one turned two-factor on, and a code is accepted once.
    const ok = await post('/two-factor/verify-totp', { code: totp.generate({ timestamp: Date.now() + 30_000 }) }, pending);
    expect(ok.status).toBe(200);
    const session = await (await t.request('/api/auth/get-session', { cookie: cookiesFrom(ok) })).json();
    expect(session.user.email).toBe(u.email);
  });

  it('a backup code signs in once', async () => {
    const u = await signedInUser(t);
    const { backupCodes } = await enrol(u);
    const code = backupCodes[0]!;
    const a = cookiesFrom(await post('/sign-in/email', { email: u.email, password: TEST_PASSWORD }));
    expect((await post('/two-factor/verify-backup-code', { code }, a)).status).toBe(200);
    const b = cookiesFrom(await post('/sign-in/email', { email: u.email, password: TEST_PASSWORD }));
    const again = await post('/two-factor/verify-backup-code', { code }, b);
    expect(again.status).toBe(400);
    expect((await again.json()).error.fields.code).toMatch(/used already/);
  });

  it('disabling needs the password; afterwards sign-in needs no code', async () => {
    const u = await signedInUser(t);
    const { cookie } = await enrol(u);
    const wrong = await post('/two-factor/disable', { password: 'not-the-password' }, cookie);
    expect(wrong.status).toBe(400);
    expect((await post('/two-factor/disable', { password: TEST_PASSWORD }, cookie)).status).toBe(200);
    const res = await post('/sign-in/email', { email: u.email, password: TEST_PASSWORD });
    expect((await res.json()).user.email).toBe(u.email);
  });

  it('codes from one client are rate-limited', async () => {
    const u = await signedInUser(t);
    await enrol(u);
    const ip = freshIp();
    const pending = cookiesFrom(await post('/sign-in/email', { email: u.email, password: TEST_PASSWORD }, undefined, ip));
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_LIMITS.twoFactorPerIp.points; i++) {
      statuses.push((await post('/two-factor/verify-totp', { code: String(100000 + i) }, pending, ip)).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s !== 429)).toBe(true);
  });
});
