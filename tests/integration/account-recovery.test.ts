/**
 * Password recovery (docs/product.md#password-recovery): the e-mail goes through the outbox, the
 * answer is the same in text and time for unknown addresses, the link works once for 30 minutes,
 * weak passwords are refused with their reason, every session ends, and the forms are rate-limited.
 */
import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, RECOVERY_ANSWER_MS } from '../../src/server/auth/account-guard.ts';
import { createResetLink } from '../../src/server/auth/reset-link.ts';
import { verification } from '../../src/server/db/schema/auth.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

// password reset on the real scrypt
const t = await createTestApp({ TRUST_PROXY: 'true', TEST_FAST_PASSWORD_HASH: 'false' });

const freshIp = () => `10.${randomBytes(3).join('.')}`;

const post = (path: string, json: unknown, ip = freshIp(), cookie?: string) =>
  t.request(`/api/auth${path}`, { method: 'POST', json, cookie, headers: { 'x-forwarded-for': ip } });

/** The reset link mailed to `email` (the newest), read from the outbox. */
async function mailedToken(email: string): Promise<string> {
  const rows = await t.db.select({ payload: outbox.payload }).from(outbox).where(like(outbox.idempotency_key, 'password-reset:%'));
  const mine = rows.map((r) => r.payload as { to: string; text: string }).filter((p) => p.to === email);
  expect(mine.length).toBeGreaterThan(0);
  const link = mine.at(-1)!.text.match(/https?:\/\/\S+/)![0];
  expect(link.startsWith(`${TEST_ORIGIN}/auth/reset-password?token=`)).toBe(true);
  return decodeURIComponent(new URL(link).searchParams.get('token')!);
}

async function timed(fn: () => Response | Promise<Response>) {
  const start = performance.now();
  const res = await fn();
  return { res, ms: performance.now() - start, body: await res.json() };
}

describe('password recovery', () => {
  it('answers the same text after the same time for a known and an unknown address; only the known one gets mail', async () => {
    const u = await signedInUser(t);
    const known = await timed(() => post('/request-password-reset', { email: u.email }));
    const unknown = await timed(() => post('/request-password-reset', { email: `nobody-${u.id}@example.com` }));
    expect(known.res.status).toBe(200);
    expect(unknown.res.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    for (const { ms } of [known, unknown]) expect(ms).toBeGreaterThanOrEqual(RECOVERY_ANSWER_MS - 5);
    // Relative, not a fixed bound: the known address's extra work hides inside the padded answer time.
    expect(Math.abs(known.ms - unknown.ms) / Math.max(known.ms, unknown.ms)).toBeLessThan(0.25);
    await mailedToken(u.email);
    const all = await t.db.select({ payload: outbox.payload }).from(outbox);
    expect(all.some((r) => (r.payload as { to: string }).to === `nobody-${u.id}@example.com`)).toBe(false);
  });

  it('a new password through the link signs in, ends every session, and the link works once', async () => {
    const u = await signedInUser(t);
    await post('/request-password-reset', { email: u.email });
    const token = await mailedToken(u.email);
    const ok = await post('/reset-password', { token, newPassword: 'a-brand-new-secret' });
    expect(ok.status).toBe(200);
    const session = await t.request('/api/auth/get-session', { cookie: u.cookie });
    expect(await session.json()).toBeNull();
    expect((await post('/sign-in/email', { email: u.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await post('/sign-in/email', { email: u.email, password: 'a-brand-new-secret' })).status).toBe(200);
    const again = await post('/reset-password', { token, newPassword: 'another-new-secret' });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toMatchObject({ code: 'validation_failed', fields: { token: expect.stringContaining('expired') } });
  });

  it("the server's own link (npm run user:reset-password) is the same token: once, for 30 minutes, nothing mailed", async () => {
    const u = await signedInUser(t);
    const before = (await t.db.select({ id: outbox.id }).from(outbox)).length;
    const { link, expiresAt } = await createResetLink({ auth: t.deps.auth, baseUrl: TEST_ORIGIN, email: ` ${u.email.toUpperCase()} ` });
    expect(link.startsWith(`${TEST_ORIGIN}/auth/reset-password?token=`)).toBe(true);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect((await t.db.select({ id: outbox.id }).from(outbox)).length).toBe(before);
    const token = new URL(link).searchParams.get('token')!;
    expect((await post('/reset-password', { token, newPassword: 'a-brand-new-secret' })).status).toBe(200);
    expect((await post('/sign-in/email', { email: u.email, password: 'a-brand-new-secret' })).status).toBe(200);
    expect((await post('/reset-password', { token, newPassword: 'another-new-secret' })).status).toBe(400);
    await expect(createResetLink({ auth: t.deps.auth, baseUrl: TEST_ORIGIN, email: 'nobody@example.com' })).rejects.toThrow(/No account/);
  });

  it('an expired link is refused', async () => {
    const u = await signedInUser(t);
    await post('/request-password-reset', { email: u.email });
    const token = await mailedToken(u.email);
    const [row] = await t.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, row!.id));
    const res = await post('/reset-password', { token, newPassword: 'a-brand-new-secret' });
    expect(res.status).toBe(400);
    expect((await post('/sign-in/email', { email: u.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('a weak new password is refused with its reason, and the link still works', async () => {
    const u = await signedInUser(t);
    await post('/request-password-reset', { email: u.email });
    const token = await mailedToken(u.email);
    for (const [pw, reason] of [
      ['short', 'Use at least 8 characters.'],
      ['password123', 'This password is too common.'],
      ['aaaaaaaaaaaa', 'Use at least 4 different characters.'],
    ]) {
      const res = await post('/reset-password', { token, newPassword: pw });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({ newPassword: reason });
    }
    expect((await post('/reset-password', { token, newPassword: 'good-enough-secret' })).status).toBe(200);
  });

  it('bad requests name the field', async () => {
    const bad = await post('/request-password-reset', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.email).toBeTruthy();
    const noToken = await post('/reset-password', { newPassword: 'good-enough-secret' });
    expect(noToken.status).toBe(400);
    expect((await noToken.json()).error.fields.token).toBeTruthy();
    const wrongToken = await post('/reset-password', { token: 'not-a-token', newPassword: 'good-enough-secret' });
    expect(wrongToken.status).toBe(400);
  });

  it('is rate-limited per address (whoever asks) and per client', async () => {
    const u = await signedInUser(t);
    const perAddress = ACCOUNT_LIMITS.recoveryPerAddress.points;
    // At once: every answer waits out RECOVERY_ANSWER_MS, and the limit must hold under a burst as well.
    const burst = (n: number, send: (i: number) => Response | Promise<Response>) =>
      Promise.all(Array.from({ length: n }, async (_, i) => (await send(i)).status));
    expect(await burst(perAddress, () => post('/request-password-reset', { email: u.email }))).toEqual(Array(perAddress).fill(200));
    const over = await post('/request-password-reset', { email: u.email });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);

    const ip = freshIp();
    const perIp = ACCOUNT_LIMITS.recoveryPerIp.points;
    expect(await burst(perIp, (i) => post('/request-password-reset', { email: `x${i}-${u.id}@example.com` }, ip))).toEqual(
      Array(perIp).fill(200),
    );
    expect((await post('/request-password-reset', { email: `y-${u.id}@example.com` }, ip)).status).toBe(429);

    const resetIp = freshIp();
    for (let i = 0; i < ACCOUNT_LIMITS.resetPerIp.points; i++) {
      expect((await post('/reset-password', { token: `guess-${i}`, newPassword: 'good-enough-secret' }, resetIp)).status).toBe(400);
    }
    expect((await post('/reset-password', { token: 'guess-x', newPassword: 'good-enough-secret' }, resetIp)).status).toBe(429);
  });
});
