/**
 * The real server as child processes, for process-level tests (lifecycle, database outages): the built
 * server (the run's shared build in TEST_DIST_DIR, which `npm test` makes once; without it a private build,
 * .dist-<name>-<pid>, so that a single file runs alone and `npm run build` into dist/ cannot overwrite it),
 * apps spawned on their own DATA_DIR or DATABASE_URL, and cleanup of every app, postmaster and temp dir.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { isAlive } from '../../src/server/db/embedded.ts';
import { freePort } from './free-port.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PASSWORD = 'correct-horse-battery';
export const execFileP = promisify(execFile);

export type AppProcess = { child: ChildProcess; baseURL: string; output: () => string; exited: Promise<number | null> };

const running = new Set<AppProcess>();
const tempDirs: string[] = [];
let dist = '';

/**
 * The built server for the file's tests, and cleanup of everything after them. With TEST_DIST_DIR (set by
 * `npm test`, scripts/validate.mjs) the run's one build is used as it is, and a missing one fails here;
 * without it the file builds its own before its tests. `client: false` then builds only the server
 * bundle (the SPA answers with its fallback page; no test here needs the SPA).
 */
export function withBuiltServer(name: string, opts: { client?: boolean } = {}) {
  const shared = process.env.TEST_DIST_DIR;
  dist = shared ? path.resolve(ROOT, shared) : path.join(ROOT, `.dist-${name}-${process.pid}`);
  beforeAll(async () => {
    if (shared) {
      if (!existsSync(mainJs()))
        throw new Error(`TEST_DIST_DIR=${shared} holds no built server (${mainJs()}): run \`DIST_DIR=${shared} npm run build\` first.`);
      return;
    }
    const env = { ...process.env, DIST_DIR: dist };
    if (opts.client === false)
      await execFileP('npx', ['vite', 'build', '--config', 'vite.server.config.ts', '--logLevel', 'warn'], { cwd: ROOT, env });
    else await execFileP('npm', ['run', 'build', '--silent'], { cwd: ROOT, env });
  }, 180_000);

  afterAll(async () => {
    for (const app of running) {
      app.child.kill('SIGTERM');
      await exitCode(app).catch(() => app.child.kill('SIGKILL'));
    }
    // A postmaster left by a failed test would hold its data dir open: stop it before removing the dir.
    for (const dir of tempDirs) {
      if (existsSync(path.join(dir, 'pg', 'postmaster.pid'))) {
        const pid = postmasterPid(dir);
        if (pid && isAlive(pid)) process.kill(pid, 'SIGINT');
      }
      rmSync(dir, { recursive: true, force: true });
    }
    if (!shared) rmSync(dist, { recursive: true, force: true });
  }, 60_000);
}

export const mainJs = () => path.join(dist, 'server', 'main.js');
export const cliJs = () => path.join(dist, 'server', 'cli.js');

/** An empty temp DATA_DIR: the app runs initdb in it on its first start. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-lifecycle-'));
  tempDirs.push(dir);
  return dir;
}

/**
 * A temp DATA_DIR with a copy of the run's initialised cluster (tests/support/cluster-template.ts) in pg/:
 * the app skips initdb (seconds on a busy machine) and starts its PostgreSQL on it. For the tests that are
 * not about initdb; outside the process-level project (no template) it is an empty dir, as tempDir().
 */
export function clusterDir(): string {
  const dir = tempDir();
  const template = inject('pgClusterTemplate');
  // -a keeps the owner (PostgreSQL runs as 'postgres' when the tests run as root) and the 0700 mode.
  if (template) execFileSync('cp', ['-a', template, path.join(dir, 'pg')]);
  return dir;
}

export function appEnv(port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    AUTH_SECRET: 'lifecycle-secret-lifecycle-secret-0123456789',
    ENCRYPTION_KEY: `${'0'.repeat(63)}1`,
    TICKET_SIGNING_KEY: 'lifecycle-ticket-key-lifecycle-ticket-0123',
    RATE_LIMIT: 'false',
    OUTBOX_WORKER: 'false',
    DEV_MAILBOX: 'true',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

/** Spawns the built main.js; `extra` is DATA_DIR or DATABASE_URL (and any other variable). */
export async function spawnApp(extra: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [mainJs()], { cwd: ROOT, env: appEnv(port, extra), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const app: AppProcess = { child, baseURL: `http://localhost:${port}`, output: () => out, exited };
  running.add(app);
  void exited.then(() => running.delete(app));
  return app;
}

/** Waits for the first 200 from /healthz; returns the milliseconds since `since`. */
export async function waitHealthy(app: AppProcess, since = performance.now(), ms = 60_000): Promise<number> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (app.child.exitCode !== null) throw new Error(`The app exited with ${app.child.exitCode}:\n${app.output()}`);
    try {
      const res = await fetch(`${app.baseURL}/healthz`);
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`The app did not become healthy within ${ms} ms:\n${app.output()}`);
}

export async function startApp(extra: Record<string, string>): Promise<AppProcess & { startupMs: number }> {
  const t0 = performance.now();
  const app = await spawnApp(extra);
  return { ...app, startupMs: await waitHealthy(app, t0) };
}

export async function exitCode(app: AppProcess, ms = 30_000): Promise<number | null> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`pid ${app.child.pid} did not exit within ${ms} ms:\n${app.output()}`)), ms).unref(),
  );
  return Promise.race([app.exited, timeout]);
}

export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The app's database on the embedded server of `dataDir`, through its Unix socket. */
export function socketUrl(dataDir: string): string {
  return `postgresql://postgres@localhost/turnout?host=${encodeURIComponent(path.join(dataDir, 'pg'))}`;
}

export async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

export function post(app: AppProcess, p: string, body: unknown, cookie?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: app.baseURL };
  if (cookie) headers.cookie = cookie;
  return fetch(`${app.baseURL}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** The e-mail of the session `cookie` holds, as the app at `app` reads it. */
export async function sessionEmail(app: AppProcess, cookie: string): Promise<string | undefined> {
  const res = await fetch(`${app.baseURL}/api/auth/get-session`, { headers: { cookie } });
  const body = (await res.json()) as { user?: { email: string } } | null;
  return body?.user?.email;
}

/** Resolves once the app's output contains `text` (a log line), or fails with the output. */
export async function waitForOutput(app: AppProcess, text: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!app.output().includes(text)) {
    if (app.child.exitCode !== null)
      throw new Error(`The app exited with ${app.child.exitCode} before printing "${text}":\n${app.output()}`);
    if (Date.now() > until) throw new Error(`The app did not print "${text}" within ${ms} ms:\n${app.output()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** SIGTERM, then the exit code; a non-zero one fails with the app's output. */
export async function sigterm(app: AppProcess): Promise<void> {
  app.child.kill('SIGTERM');
  const code = await exitCode(app);
  expect(code, `exit code after SIGTERM; the app's output:\n${app.output()}`).toBe(0);
}

/** A browser on `origin` (the app's PUBLIC_BASE_URL, or the proxy's), signed in once `cookie` is set. */
export type Browser = { origin: string; cookie: string };

/** A JSON request as that browser sends it to one of the processes: its Origin and its session cookie. */
export function sendAs(app: AppProcess, browser: Browser, p: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${app.baseURL}${p}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: browser.origin,
      ...(browser.cookie ? { cookie: browser.cookie } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The first-run owner account, made through `app`: the browser comes back signed in. */
export async function setupOwner(app: AppProcess, origin: string, email = 'owner@example.com'): Promise<Browser> {
  const res = await sendAs(app, { origin, cookie: '' }, '/api/setup/owner', 'POST', { name: 'Maya Berg', email, password: PASSWORD });
  expect(res.status, await res.clone().text()).toBe(200);
  return { origin, cookie: cookieOf(res) };
}

/** An event a week ahead, created by the signed-in browser through `app`. */
export async function createEventVia(
  app: AppProcess,
  browser: Browser,
  body: Record<string, unknown>,
): Promise<{ id: string; slug: string }> {
  const res = await sendAs(app, browser, '/api/events', 'POST', {
    event_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    timezone: 'UTC',
    location: 'Hall',
    ...body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { event: { id: string; slug: string } }).event;
}

/** Resolves with the milliseconds it took once `check` holds; fails after `ms`. */
export async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    if (await check()) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not within ${ms} ms`);
}
