/**
 * The password hash: Better Auth's scrypt in the app, the cheap test hash (auth/fast-password-hash.ts)
 * only where the test suite asks for it with NODE_ENV=test. The sign-in and password-change tests
 * (auth-errors, account-settings, account-recovery) run on the real scrypt; these check both hashes.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account } from '../../src/server/db/schema/auth.ts';
import { EnvError, loadEnv } from '../../src/server/env.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const real = await createTestApp({ TEST_FAST_PASSWORD_HASH: 'false' });
const fast = await createTestApp();

async function storedHash(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.db.select({ password: account.password }).from(account).where(eq(account.userId, userId));
  return row!.password!;
}

const signIn = (t: TestApp, email: string, password: string) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

describe('password hash', () => {
  it("is Better Auth's scrypt (hex salt:key) unless the suite asks for the cheap one; the right password signs in, a wrong one does not", async () => {
    const u = await signedInUser(real);
    expect(await storedHash(real, u.id)).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect((await signIn(real, u.email, 'wrong-password')).status).toBe(401);
  });

  it('is the cheap test hash with TEST_FAST_PASSWORD_HASH in NODE_ENV=test, which still tells a wrong password', async () => {
    const u = await signedInUser(fast);
    expect(await storedHash(fast, u.id)).toMatch(/^test-sha256:[0-9a-f]{16}:[0-9a-f]{64}$/);
    expect((await signIn(fast, u.email, 'wrong-password')).status).toBe(401);
  });

  it('made with scrypt, an account still signs in where the cheap hash is on', async () => {
    const u = await signedInUser(real);
    const hash = await storedHash(real, u.id);
    const moved = await signedInUser(fast);
    await fast.db.update(account).set({ password: hash }).where(eq(account.userId, moved.id));
    expect((await signIn(fast, moved.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(fast, moved.email, 'wrong-password')).status).toBe(401);
  });

  it('the cheap hash is refused outside NODE_ENV=test, production above all', () => {
    const dir = () => mkdtempSync(path.join(os.tmpdir(), 'turnout-env-'));
    const secrets = {
      AUTH_SECRET: 'a'.repeat(32),
      ENCRYPTION_KEY: `${'0'.repeat(63)}1`,
      TICKET_SIGNING_KEY: 'b'.repeat(32),
      PUBLIC_BASE_URL: 'https://events.example.com',
      DEV_MAILBOX: 'true',
    };
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadEnv({ NODE_ENV, DATA_DIR: dir(), ...secrets, TEST_FAST_PASSWORD_HASH: 'true' })).toThrow(EnvError);
      expect(() => loadEnv({ NODE_ENV, DATA_DIR: dir(), ...secrets, TEST_FAST_PASSWORD_HASH: 'true' })).toThrow(
        /TEST_FAST_PASSWORD_HASH: only for the test suite/,
      );
    }
    expect(loadEnv({ NODE_ENV: 'production', DATA_DIR: dir(), ...secrets }).TEST_FAST_PASSWORD_HASH).toBe(false);
  });
});
