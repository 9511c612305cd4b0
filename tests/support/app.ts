import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createAuth } from '../../src/server/auth/auth.ts';
import { createDb } from '../../src/server/db/client.ts';
import { type Env, loadEnv } from '../../src/server/env.ts';
import { createLogger, type Logger } from '../../src/server/logger.ts';
import { createTestDb, type TestDb } from './db.ts';

export const TEST_ORIGIN = 'http://localhost:3999';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real app on its own fresh database, driven through app.request() (no socket).
 * `overrides` are environment variables, e.g. { SMTP_URL } to point at a test SMTP server; `opts.log`
 * replaces the app's logger (a test reading what is logged).
 * Passwords get the cheap test hash (TEST_FAST_PASSWORD_HASH, auth/fast-password-hash.ts); a test of
 * sign-in or of a password change passes { TEST_FAST_PASSWORD_HASH: 'false' } to keep Better Auth's scrypt.
 */
export async function createTestApp(overrides: Record<string, string> = {}, opts: { log?: Logger } = {}) {
  const testDb: TestDb = await createTestDb();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-app-'));
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    PUBLIC_BASE_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ENCRYPTION_KEY: `${'0'.repeat(63)}1`,
    TICKET_SIGNING_KEY: 'ticket-key-ticket-key-ticket-key-0123',
    LOG_LEVEL: 'silent',
    OUTBOX_WORKER: 'false',
    TEST_FAST_PASSWORD_HASH: String((overrides.NODE_ENV ?? 'test') === 'test'),
    ...overrides,
  });
  const log = opts.log ?? createLogger(env.LOG_LEVEL);
  const { app, spa, deps, close, inFlight } = createApp(
    { env, db: testDb.db, auth: createAuth(testDb.db, env, log), log },
    { clientDir: path.join(os.tmpdir(), 'turnout-no-client') },
  );

  /** A request as a browser on the public origin would send it; `cookie` signs it in, `bearer` sends an API key. */
  const request = (p: string, init: RequestInit & { json?: unknown; cookie?: string; bearer?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN);
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.bearer) headers.set('authorization', `Bearer ${init.bearer}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return app.request(`${TEST_ORIGIN}${p}`, { ...init, headers, body });
  };

  afterAll(async () => {
    await close(); // the app's SMTP connections, LISTEN connection and caches, before the pool closes
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, spa, deps, close, inFlight, db: testDb.db, env, url: testDb.url, request };
}

/** The Cookie header value for the session cookies a response set. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A second app process on the same database with its own pool of two, as behind a load balancer: its own
 * caches, rate limits and LISTEN connection. Closed after the file's tests.
 */
export function secondApp(t: TestApp, poolSize = 2) {
  const db = createDb(t.url, poolSize);
  const second = createApp(
    { ...t.deps, db, auth: createAuth(db, t.env, t.deps.log) },
    { clientDir: path.join(os.tmpdir(), 'turnout-no-client') },
  );
  afterAll(async () => {
    await second.close();
    await db.$client.end();
  });
  return second;
}
