import { randomBytes } from 'node:crypto';
import { createUser } from '../../src/server/auth/create-user.ts';
import { cookiesFrom, type TestApp } from '../support/app.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

/** Creates an account and signs it in; returns the user and its Cookie header. */
export async function signedInUser(t: TestApp, opts: { email?: string; role?: 'admin' | 'host' } = {}) {
  const email = opts.email ?? `host-${randomBytes(4).toString('hex')}@example.com`;
  const user = await createUser({ auth: t.deps.auth, email, password: TEST_PASSWORD, role: opts.role });
  const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: TEST_PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { ...user, cookie: cookiesFrom(res) };
}
