/**
 * The account page's endpoints (docs/product.md#account): name, e-mail through a link to the new
 * address, password with the current one, sessions listed and ended; the absolute session lifetime.
 */
import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../src/server/auth/account-guard.ts';
import { session, user } from '../../src/server/db/schema/auth.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp } from '../support/app.ts';

// The cheap test hash still tells a wrong password; Better Auth's scrypt itself is password-hash.test.ts's.
const t = await createTestApp({ TRUST_PROXY: 'true', SESSION_MAX_DAYS: '30' });

const post = (path: string, json: unknown, cookie?: string) =>
  t.request(`/api/auth${path}`, { method: 'POST', json, cookie, headers: { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` } });

async function secondSession(email: string, password = TEST_PASSWORD) {
  const res = await t.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password },
    headers: { 'user-agent': 'Other browser' },
  });
  expect(res.status).toBe(200);
  return cookiesFrom(res);
}

const sessionOf = async (cookie: string) => (await t.request('/api/auth/get-session', { cookie })).json();

describe('account settings', () => {
  it('changes the name; an empty or control-character name names the field', async () => {
    const u = await signedInUser(t);
    expect((await post('/update-user', { name: 'Ada Host' }, u.cookie)).status).toBe(200);
    expect((await sessionOf(u.cookie)).user.name).toBe('Ada Host');
    const bad = await post('/update-user', { name: '' }, u.cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.name).toBeTruthy();
    expect((await post('/update-user', { name: 'x' }, undefined)).status).toBe(401);
  });

  it('changes the password only with the current one, and can end the other sessions', async () => {
    const u = await signedInUser(t);
    const other = await secondSession(u.email);
    const wrong = await post('/change-password', { currentPassword: 'not-it-at-all', newPassword: 'a-new-good-secret' }, u.cookie);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields).toEqual({ currentPassword: 'The current password is not right.' });
    const weak = await post('/change-password', { currentPassword: TEST_PASSWORD, newPassword: '12345678' }, u.cookie);
    expect((await weak.json()).error.fields).toEqual({ newPassword: 'This password is too common.' });
    const ok = await post(
      '/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'a-new-good-secret', revokeOtherSessions: true },
      u.cookie,
    );
    expect(ok.status).toBe(200);
    expect(await sessionOf(other)).toBeNull();
    // This browser keeps a (new) session.
    expect((await sessionOf(cookiesFrom(ok) || u.cookie))?.user.email).toBe(u.email);
  });

  it('limits guesses of the current password per account', async () => {
    const u = await signedInUser(t);
    for (let i = 0; i < ACCOUNT_LIMITS.passwordChecksPerUser.points; i++) {
      expect((await post('/change-password', { currentPassword: `guess-${i}`, newPassword: 'a-new-good-secret' }, u.cookie)).status).toBe(
        400,
      );
    }
    expect((await post('/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-good-secret' }, u.cookie)).status).toBe(
      429,
    );
  });

  it('changes the e-mail only when the link mailed to the new address is opened', async () => {
    const u = await signedInUser(t);
    const newEmail = `moved-${u.id.slice(0, 8).toLowerCase()}@example.com`;
    const res = await post('/change-email', { newEmail, callbackURL: '/auth/account' }, u.cookie);
    expect(res.status).toBe(200);
    expect((await sessionOf(u.cookie)).user.email).toBe(u.email);
    const rows = await t.db.select({ payload: outbox.payload }).from(outbox).where(like(outbox.idempotency_key, 'change-email:%'));
    const mail = rows.map((r) => r.payload as { to: string; text: string }).find((p) => p.to === newEmail);
    expect(mail).toBeTruthy();
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    const opened = await t.request(`${link.pathname}${link.search}`, { cookie: u.cookie });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/auth/account');
    const [row] = await t.db.select({ email: user.email }).from(user).where(eq(user.id, u.id));
    expect(row!.email).toBe(newEmail);
    const bad = await post('/change-email', { newEmail: 'nope' }, u.cookie);
    expect((await bad.json()).error.fields.newEmail).toBeTruthy();
  });

  it('lists the sessions with device and address, ends one, and ends all the others', async () => {
    const u = await signedInUser(t);
    const second = await secondSession(u.email);
    const third = await secondSession(u.email);
    const list = (await (await t.request('/api/auth/list-sessions', { cookie: u.cookie })).json()) as {
      token: string;
      userAgent: string | null;
    }[];
    expect(list).toHaveLength(3);
    expect(list.some((s) => s.userAgent === 'Other browser')).toBe(true);
    const secondToken = (await sessionOf(second)).session.token as string;
    expect((await post('/revoke-session', { token: secondToken }, u.cookie)).status).toBe(200);
    expect(await sessionOf(second)).toBeNull();
    expect(await sessionOf(third)).not.toBeNull();
    expect((await post('/revoke-other-sessions', {}, u.cookie)).status).toBe(200);
    expect(await sessionOf(third)).toBeNull();
    expect(await sessionOf(u.cookie)).not.toBeNull();
    // Another account's session cannot be ended with this one.
    const stranger = await signedInUser(t);
    const strangerToken = (await sessionOf(stranger.cookie)).session.token as string;
    await post('/revoke-session', { token: strangerToken }, u.cookie);
    expect(await sessionOf(stranger.cookie)).not.toBeNull();
  });

  it('a session older than SESSION_MAX_DAYS ends, however recently used', async () => {
    const u = await signedInUser(t);
    expect(await sessionOf(u.cookie)).not.toBeNull();
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(session.userId, u.id));
    const res = await t.request('/api/auth/get-session', { cookie: u.cookie });
    expect(await res.json()).toBeNull();
    expect(res.headers.getSetCookie().join(';')).toMatch(/Max-Age=0/);
    expect(await t.db.select().from(session).where(eq(session.userId, u.id))).toHaveLength(0);
    const events = await t.request('/api/events', { cookie: u.cookie });
    expect(events.status).toBe(401);
  });
});
