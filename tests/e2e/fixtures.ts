/**
 * Playwright fixtures for Turnout's end-to-end tests. Import `test` and `expect` from here, not from
 * '@playwright/test'.
 *
 *   import { createOwner, expect, signIn, test } from './fixtures.ts';
 *
 * Fixtures
 * - `server: TestServer` — the BUILT server (`$DIST_DIR/server/main.js`, default dist/; `npm run test:e2e`
 *   builds first) on a free port with a fresh, migrated database: a new database on TEST_DATABASE_URL's
 *   server when that is set, otherwise an embedded PostgreSQL in a temp DATA_DIR. One server per spec
 *   FILE (and per `serverEnv`): every test of a file shares it, the next file gets a new one. Playwright
 *   starts a new worker after a failed test, so the rest of that file then runs on a new, empty server:
 *   make each test set up what it needs (the helpers below are idempotent per server).
 *   Env: NODE_ENV=production, RATE_LIMIT=false, OUTBOX_WORKER=true, OUTBOX_POLL_MS=100, fixed secrets,
 *   PUBLIC_BASE_URL = baseURL.
 *     type TestServer = {
 *       baseURL: string;        // http://localhost:<port>, also the tests' `baseURL` (page.goto('/auth') works)
 *       databaseUrl: string;    // the app's database: query it with `pg` to arrange or assert state
 *       stop(): Promise<void>;  // SIGTERM; the fixture calls it for you
 *       logs(): string;         // the server's stdout + stderr so far (attached to failed tests)
 *       owner?: Account;        // set by createOwner()
 *     };
 * - `serverEnv: Record<string, string>` — option: extra environment for the server of this file, e.g.
 *   `test.use({ serverEnv: { SMTP_URL: 'smtp://127.0.0.1:2525' } })` at the top of a spec file.
 *
 * Helpers (all fast: they talk to the API, not the UI)
 * - `createOwner(pageOrRequest, server, account?) => Promise<Account>`: creates the owner account
 *   (POST /api/setup/owner) and leaves `page` (or the APIRequestContext) signed in as it. Called again
 *   on the same server it signs in as the owner it already made. Default account: OWNER.
 * - `createUser(server, { email, password?, admin? }) => Promise<Account>`: another account, through the
 *   real CLI (`user:create`), not signed in.
 * - `signIn(pageOrRequest, email, password) => Promise<void>`: signs in through the API (session cookie
 *   lands in the page's browser context). To test the sign-in FORM, drive the form instead.
 * - `signOut(pageOrRequest)`.
 * - `OWNER`, `PASSWORD`: the default account.
 *
 * Projects: 'desktop' (1280×800) runs every test; 'mobile' (375×667, touch) runs only tests tagged
 * '@mobile' — `test('guest RSVPs', { tag: '@mobile' }, …)`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type APIRequestContext, test as base, type Page } from '@playwright/test';
import pg from 'pg';
import { freePort } from '../support/free-port.ts';

export { expect } from '@playwright/test';

export type Account = { email: string; password: string };

export type TestServer = {
  baseURL: string;
  databaseUrl: string;
  stop: () => Promise<void>;
  logs: () => string;
  owner?: Account;
};

export const PASSWORD = 'correct-horse-battery';
export const OWNER: Account = { email: 'owner@example.com', password: PASSWORD };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist');
const LOG_LIMIT = 200_000;

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

/** Starts dist/server/main.js on a fresh database and waits until /healthz answers 200. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const main = path.join(DIST, 'server', 'main.js');
  if (!existsSync(main)) {
    throw new Error(
      `No built server at ${main}: run \`npm run build\` (or \`DIST_DIR=${path.relative(ROOT, DIST)} npm run build\`) first.`,
    );
  }
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn();
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-e2e-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

  let databaseUrl: string;
  const dbEnv: Record<string, string> = {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `turnout_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}));
    databaseUrl = withDatabase(adminUrl, name);
    dbEnv.DATABASE_URL = databaseUrl;
  } else {
    // The app's own embedded server: its Unix socket lives in DATA_DIR/pg (see src/server/db/embedded.ts).
    databaseUrl = `postgresql://postgres@localhost/turnout?host=${encodeURIComponent(path.join(dataDir, 'pg'))}`;
  }

  let lastError: Error | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const baseURL = `http://localhost:${port}`;
    let log = '';
    const child = spawn(process.execPath, ['--enable-source-maps', main], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: baseURL,
        DATA_DIR: dataDir,
        AUTH_SECRET: 'e2e-auth-secret-e2e-auth-secret-0123456789',
        ENCRYPTION_KEY: `${'0'.repeat(63)}1`,
        TICKET_SIGNING_KEY: 'e2e-ticket-key-e2e-ticket-key-0123456789',
        RATE_LIMIT: 'false',
        DEV_MAILBOX: 'true',
        OUTBOX_WORKER: 'true',
        OUTBOX_POLL_MS: '100',
        LOG_LEVEL: 'info',
        ...dbEnv,
        ...extraEnv,
      },
    });
    const append = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.length > LOG_LIMIT) log = log.slice(-LOG_LIMIT);
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);

    const ready = await waitForHealthy(baseURL, child, 60_000);
    if (ready === 'ok') {
      let stopped: Promise<void> | undefined;
      return {
        baseURL,
        databaseUrl,
        logs: () => log,
        stop: () => {
          stopped ??= (async () => {
            if (child.exitCode === null && child.signalCode === null) {
              child.kill('SIGTERM');
              if (!(await waitForExit(child, 25_000))) {
                child.kill('SIGKILL');
                await waitForExit(child, 5_000);
              }
            }
            await cleanup();
          })();
          return stopped;
        },
      };
    }
    child.kill('SIGKILL');
    await waitForExit(child, 5_000);
    lastError = new Error(`The server did not start (${ready}). Its output:\n${log.slice(-5000)}`);
    if (!/EADDRINUSE/.test(log)) break; // only a lost race for the port is worth another try
  }
  await cleanup();
  throw lastError;
}

async function waitForHealthy(baseURL: string, child: ChildProcess, ms: number): Promise<string> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) return `exited with ${child.exitCode ?? child.signalCode}`;
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.status === 200) return 'ok';
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return `no healthy answer within ${ms} ms`;
}

type Requester = Page | APIRequestContext;
const requestOf = (target: Requester): APIRequestContext => ('request' in target ? target.request : target);

async function postJson(target: Requester, url: string, data: unknown) {
  const request = requestOf(target);
  // Better Auth checks the Origin of cookie-bearing calls; a browser sends it, the API client does not.
  const origin = new URL(url).origin;
  return request.post(url, { data, headers: { origin }, failOnStatusCode: false });
}

/** Creates the owner account (or reuses the one made earlier on this server) and signs `target` in as it. */
export async function createOwner(target: Requester, server: TestServer, account: Account = OWNER): Promise<Account> {
  if (server.owner) {
    await signIn(target, server.owner.email, server.owner.password, server.baseURL);
    return server.owner;
  }
  const res = await postJson(target, `${server.baseURL}/api/setup/owner`, account);
  if (res.status() === 409) {
    // An owner was made through the UI by an earlier test of this file: sign in as it, if it is this account.
    await signIn(target, account.email, account.password, server.baseURL);
  } else if (res.status() !== 200) {
    throw new Error(`createOwner: POST /api/setup/owner answered ${res.status()}: ${await res.text()}`);
  }
  server.owner = { email: account.email.toLowerCase(), password: account.password };
  return server.owner;
}

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signIn(target: Requester, email: string, password: string, baseURL?: string): Promise<void> {
  const base = baseURL ?? currentBaseURL();
  const res = await postJson(target, `${base}/api/auth/sign-in/email`, { email, password });
  if (res.status() !== 200) throw new Error(`signIn(${email}): answered ${res.status()}: ${await res.text()}`);
}

export async function signOut(target: Requester, baseURL?: string): Promise<void> {
  const base = baseURL ?? currentBaseURL();
  const res = await postJson(target, `${base}/api/auth/sign-out`, {});
  if (res.status() !== 200) throw new Error(`signOut: answered ${res.status()}: ${await res.text()}`);
}

const execFileP = promisify(execFile);

/** Another account, made by the real CLI (`npm run user:create`) against the server's database. */
export async function createUser(server: TestServer, opts: { email?: string; password?: string; admin?: boolean } = {}): Promise<Account> {
  const email = opts.email ?? `host-${randomBytes(4).toString('hex')}@example.com`;
  const password = opts.password ?? PASSWORD;
  const args = [path.join(DIST, 'server', 'cli.js'), 'user:create', '--email', email, '--password', password];
  if (opts.admin) args.push('--admin');
  try {
    await execFileP(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`createUser(${email}) failed: ${e.stderr || e.message}`);
  }
  return { email: email.toLowerCase(), password };
}

// The server of the spec file that ran last in this worker (servers are per file, see above).
let current: { key: string; server: TestServer } | undefined;

type TestFixtures = { server: TestServer; serverEnv: Record<string, string> };
type WorkerFixtures = { _lastServer: undefined };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Stops the last file's server when the worker shuts down.
  _lastServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright needs the destructuring pattern
    async ({}, use) => {
      await use(undefined);
      await current?.server.stop();
      current = undefined;
    },
    { scope: 'worker', auto: true },
  ],
  serverEnv: [{}, { option: true }],
  server: [
    async ({ serverEnv }, use, testInfo) => {
      const key = `${testInfo.file}\n${JSON.stringify(serverEnv)}`;
      if (current?.key !== key) {
        const previous = current;
        current = undefined;
        await previous?.server.stop();
        current = { key, server: await startServer(serverEnv) };
      }
      const server = current.server;
      await use(server);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server.log', { body: server.logs(), contentType: 'text/plain' });
      }
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

function currentBaseURL(): string {
  if (current) return current.server.baseURL;
  throw new Error('No server started in this worker yet: pass baseURL, or use the `server` fixture first.');
}
