/**
 * /api/auth/* answers errors in the app's shape `{"error":{code,message,fields?}}` like every other
 * API route, keeping Better Auth's status; its successful answers pass through unchanged.
 */
import { describe, expect, it } from 'vitest';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

// sign-in on the real scrypt
const t = await createTestApp({ RATE_LIMIT: 'false', TEST_FAST_PASSWORD_HASH: 'false' });

type Body = { error: { code: string; message: string; fields?: Record<string, string> } };

/** The body must be exactly our error shape: nothing of Better Auth's `{message, code}` left at the top. */
async function errorOf(res: Response): Promise<Body['error']> {
  const body = (await res.json()) as Body;
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

const signIn = (init: RequestInit & { json?: unknown }) => t.request('/api/auth/sign-in/email', { method: 'POST', ...init });

describe('sign-in errors', () => {
  it('a wrong password is 401 invalid_credentials, with no cookie', async () => {
    const u = await signedInUser(t);
    const res = await signIn({ json: { email: u.email, password: 'wrong-password' } });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toHaveLength(0);
    expect(await errorOf(res)).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password.' });
  });

  it('an unknown e-mail is the same 401 invalid_credentials', async () => {
    const res = await signIn({ json: { email: 'nobody@example.com', password: TEST_PASSWORD } });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('invalid_credentials');
  });

  it('malformed JSON is 400 bad_request naming the body', async () => {
    const res = await signIn({ body: '{bad', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'bad_request', fields: { body: expect.any(String) } });
  });

  it('missing fields are 400 validation_failed naming email and password', async () => {
    const res = await signIn({ json: {} });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'validation_failed',
      fields: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('an invalid e-mail and an empty password are 400 validation_failed naming both', async () => {
    const res = await signIn({ json: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ email: 'Please enter a valid email address.', password: 'Password is required' });
  });

  it('a body that is not JSON is 415 unsupported_media_type', async () => {
    const res = await signIn({
      body: 'email=a%40example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect((await errorOf(res)).code).toBe('unsupported_media_type');
  });
});

describe('other Better Auth errors', () => {
  it('an unknown auth endpoint is 404 not_found', async () => {
    const res = await t.request('/api/auth/nope');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('not_found');
  });

  it("Better Auth's own validation errors become validation_failed with fields", async () => {
    const u = await signedInUser(t);
    const res = await t.request('/api/auth/change-password', { method: 'POST', cookie: u.cookie, json: {} });
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.code).toBe('validation_failed');
    expect(Object.keys(err.fields ?? {})).toEqual(expect.arrayContaining(['newPassword', 'currentPassword']));
  });

  it('malformed JSON to another auth endpoint is 400 bad_request naming the body', async () => {
    const u = await signedInUser(t);
    const res = await t.request('/api/auth/change-password', {
      method: 'POST',
      cookie: u.cookie,
      body: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'bad_request', fields: { body: expect.any(String) } });
  });

  it('a session-only endpoint without a session is 401 unauthenticated', async () => {
    const res = await t.request('/api/auth/change-password', { method: 'POST', json: { currentPassword: 'a', newPassword: 'bbbbbbbbbb' } });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('unauthenticated');
  });
});

describe('text in Better Auth bodies', () => {
  it('NUL, other control characters and lone surrogates are 400 validation_failed naming the field, never 500', async () => {
    const u = await signedInUser(t);
    const refused = async (path: string, json: unknown, field: string, cookie?: string) => {
      const res = await t.request(path, { method: 'POST', json, cookie });
      expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(400);
      const err = await errorOf(res);
      expect(err.code).toBe('validation_failed');
      expect(Object.keys(err.fields ?? {})).toEqual([field]);
    };
    await refused('/api/auth/reset-password', { token: 'a\u0000', newPassword: 'another-horse-battery' }, 'token');
    await refused('/api/auth/update-user', { name: 'a\u0000' }, 'name', u.cookie);
    await refused('/api/auth/update-user', { image: 'https://x.example/a\u0000.png' }, 'image', u.cookie);
    await refused('/api/auth/update-user', { name: 'a\ud800' }, 'name', u.cookie);
    await refused('/api/auth/update-user', { name: 'a\u0007b' }, 'name', u.cookie);
    await refused('/api/auth/revoke-session', { token: '\u0000' }, 'token', u.cookie);
    // Better Auth's own schema takes any value here, and a null name failed in the database (500).
    await refused('/api/auth/update-user', { name: null }, 'name', u.cookie);
    await refused('/api/auth/update-user', { image: { a: 1 } }, 'image', u.cookie);
    await refused('/api/auth/update-user', { name: 'ok', extra: { list: ['x', 'y\u001b'] } }, 'extra.list.1', u.cookie);

    // Nothing was stored; a good name is.
    const ok = await t.request('/api/auth/update-user', { method: 'POST', json: { name: 'Ada Lovelace' }, cookie: u.cookie });
    expect(ok.status).toBe(200);
    const session = await (await t.request('/api/auth/get-session', { cookie: u.cookie })).json();
    expect(session.user.name).toBe('Ada Lovelace');
  });
});

describe('successful answers pass through', () => {
  it('sign-in answers 200 with Better Auth body and its session cookie', async () => {
    const u = await signedInUser(t);
    const res = await signIn({ json: { email: u.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { email: string }; token: string };
    expect(body.user.email).toBe(u.email);
    expect(body.token).toEqual(expect.any(String));
    expect(res.headers.getSetCookie().some((c) => /session_token=/.test(c) && /HttpOnly/i.test(c))).toBe(true);
  });
});
