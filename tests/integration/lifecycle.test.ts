/**
 * The real server as child processes (built once into a private .dist-lifecycle-<pid>): kill -9 recovery with an orphaned
 * embedded PostgreSQL, a second process refused on a data dir a live one owns, SIGTERM stopping the app
 * and then its database (also during start-up, and after draining a request in flight), and several
 * processes sharing one database through DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../src/server/db/embedded.ts';
import { answerOf } from '../support/http-answer.ts';
import {
  appEnv,
  type AppProcess as App,
  cliJs,
  clusterDir,
  cookieOf,
  execFileP,
  exitCode,
  PASSWORD,
  post,
  postmasterPid,
  query,
  ROOT,
  sigterm,
  socketUrl,
  spawnApp,
  startApp,
  tempDir,
  waitForOutput,
  waitHealthy,
  withBuiltServer,
} from '../support/app-process.ts';

withBuiltServer('lifecycle');

async function sessionEmail(app: App, cookie: string): Promise<string | undefined> {
  const res = await fetch(`${app.baseURL}/api/auth/get-session`, { headers: { cookie } });
  const body = (await res.json()) as { user?: { email: string } } | null;
  return body?.user?.email;
}

async function createUserWithCli(dataDir: string, email: string) {
  const { stdout } = await execFileP(process.execPath, [cliJs(), 'user:create', '--email', email, '--password', PASSWORD], {
    cwd: ROOT,
    env: appEnv(0, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
  });
  expect(stdout).toContain(`Created host account ${email}`);
}

describe('embedded PostgreSQL lifecycle', () => {
  it('after kill -9 the orphaned PostgreSQL keeps running; the next start stops it and every acknowledged write is there', async () => {
    const dataDir = clusterDir();
    const first = await startApp({ DATA_DIR: dataDir });
    console.log(`start-up on a copied cluster (migrations) to first served request: ${Math.round(first.startupMs)} ms`);

    const owner = await post(first, '/api/setup/owner', { name: 'Maya Berg', email: 'owner@example.com', password: PASSWORD });
    expect(owner.status).toBe(200);
    const hosts = ['host-1@example.com', 'host-2@example.com', 'host-3@example.com'];
    for (const email of hosts) await createUserWithCli(dataDir, email);

    const orphan = postmasterPid(dataDir);
    first.child.kill('SIGKILL');
    await exitCode(first);
    expect(isAlive(orphan)).toBe(true);

    const second = await startApp({ DATA_DIR: dataDir });
    console.log(`start-up after kill -9 (stops the orphan) to first served request: ${Math.round(second.startupMs)} ms`);
    expect(second.output()).toContain('orphaned embedded PostgreSQL');
    expect(isAlive(orphan)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(orphan);

    const rows = await query<{ email: string }>(socketUrl(dataDir), 'SELECT email FROM "user" ORDER BY email');
    expect(rows.map((r) => r.email)).toEqual(['host-1@example.com', 'host-2@example.com', 'host-3@example.com', 'owner@example.com']);
    for (const email of ['owner@example.com', ...hosts]) {
      const res = await post(second, '/api/auth/sign-in/email', { email, password: PASSWORD });
      expect(res.status, email).toBe(200);
      expect(await sessionEmail(second, cookieOf(res))).toBe(email);
    }
    await sigterm(second);
  }, 120_000);

  it('refuses a second app on a data dir a live app owns, naming the dir, the pid and DATABASE_URL, and harms nothing', async () => {
    const dataDir = clusterDir();
    const owner = await startApp({ DATA_DIR: dataDir });
    const pgPid = postmasterPid(dataDir);
    const signUp = await post(owner, '/api/setup/owner', { name: 'Maya Berg', email: 'owner@example.com', password: PASSWORD });
    expect(signUp.status).toBe(200);

    const intruder = await spawnApp({ DATA_DIR: dataDir });
    const code = await exitCode(intruder);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    const message = intruder.output();
    expect(message).toContain(dataDir);
    expect(message).toContain(`pid ${owner.child.pid}`);
    expect(message).toContain('DATABASE_URL');

    expect(readFileSync(path.join(dataDir, 'turnout.pid'), 'utf8').trim()).toBe(String(owner.child.pid));
    expect(postmasterPid(dataDir)).toBe(pgPid);
    expect(isAlive(pgPid)).toBe(true);
    expect((await fetch(`${owner.baseURL}/healthz`)).status).toBe(200);
    const signIn = await post(owner, '/api/auth/sign-in/email', { email: 'owner@example.com', password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(await sessionEmail(owner, cookieOf(signIn))).toBe('owner@example.com');
    await sigterm(owner);
  }, 120_000);

  it('of two apps started at once on one fresh data dir, exactly one serves', async () => {
    const dataDir = tempDir();
    const apps = await Promise.all([spawnApp({ DATA_DIR: dataDir }), spawnApp({ DATA_DIR: dataDir })]);
    // The loser exits; the winner becomes healthy. Wait for whichever happens to each.
    const outcome = (app: App) =>
      Promise.race([app.exited.then((code) => ({ app, code })), waitHealthy(app).then(() => ({ app, code: undefined }))]);
    const results = await Promise.all(apps.map((a) => outcome(a).catch(() => ({ app: a, code: a.child.exitCode }))));
    const serving = results.filter((r) => r.code === undefined);
    const refused = results.filter((r) => r.code !== undefined);
    expect(serving, results.map((r) => r.app.output()).join('\n-----\n')).toHaveLength(1);
    expect(refused[0]!.code).not.toBe(0);
    expect(refused[0]!.app.output()).toContain(`pid ${serving[0]!.app.child.pid}`);
    expect(readFileSync(path.join(dataDir, 'turnout.pid'), 'utf8').trim()).toBe(String(serving[0]!.app.child.pid));
    await sigterm(serving[0]!.app);
  }, 120_000);

  it('SIGTERM stops the app with status 0 and then its PostgreSQL; a warm restart serves again', async () => {
    const dataDir = clusterDir();
    const cold = await startApp({ DATA_DIR: dataDir });
    await sigterm(cold);

    const warm = await startApp({ DATA_DIR: dataDir });
    console.log(`warm start-up to first served request: ${Math.round(warm.startupMs)} ms`);
    const pgPid = postmasterPid(dataDir);
    expect(isAlive(pgPid)).toBe(true);
    await sigterm(warm);
    expect(isAlive(pgPid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'turnout.pid'))).toBe(false);
  }, 120_000);
});

describe('SIGTERM in every phase', () => {
  it('during start-up (initdb of a fresh data dir) it exits 0 without serving and leaves no PostgreSQL running', async () => {
    const dataDir = tempDir();
    const app = await spawnApp({ DATA_DIR: dataDir });
    // Logged just before initdb runs (synchronously, for a second or more): the signal lands in start-up.
    await waitForOutput(app, 'initialising the embedded PostgreSQL cluster');
    await sigterm(app);
    expect(app.output()).not.toContain('Turnout is listening');
    expect(app.output()).toContain('"msg":"stopped"');
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    if (existsSync(pidFile)) expect(isAlive(postmasterPid(dataDir)), `postmaster.pid left behind:\n${app.output()}`).toBe(false);
    expect(existsSync(path.join(dataDir, 'turnout.pid'))).toBe(false);

    // The data dir is usable: the next start serves (no orphan to stop).
    const next = await startApp({ DATA_DIR: dataDir });
    expect(next.output()).not.toContain('orphaned embedded PostgreSQL');
    await sigterm(next);
  }, 120_000);

  it('with a request in flight it stops listening, lets the request finish against the database, and exits 0', async () => {
    const dataDir = clusterDir();
    const app = await startApp({ DATA_DIR: dataDir });
    const pgPid = postmasterPid(dataDir);
    const { port } = new URL(app.baseURL);
    const body = Buffer.from(JSON.stringify({ name: 'Maya Berg', email: 'owner@example.com', password: PASSWORD }));
    const half = Math.floor(body.length / 2);

    // A request held open by its unfinished body: the handler is waiting for the rest when SIGTERM comes.
    const req = http.request({
      host: '127.0.0.1',
      port: Number(port),
      method: 'POST',
      path: '/api/setup/owner',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': body.length, origin: app.baseURL },
    });
    const response = answerOf(req);
    await new Promise<void>((resolve, reject) => req.write(body.subarray(0, half), (err) => (err ? reject(err) : resolve())));
    // A request on a later connection served (it logs when it ends) means the held one was accepted too.
    await fetch(`${app.baseURL}/livez`);
    await waitForOutput(app, '"route":"/livez"');

    app.child.kill('SIGTERM');
    await waitForOutput(app, 'shutting down: draining requests');
    expect(app.child.exitCode).toBeNull();
    req.end(body.subarray(half));

    const res = await response;
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ user: { email: 'owner@example.com' } });
    expect(await exitCode(app), app.output()).toBe(0);
    expect(isAlive(pgPid)).toBe(false);
    // The owner was written before the database stopped.
    const next = await startApp({ DATA_DIR: dataDir });
    expect(await (await fetch(`${next.baseURL}/api/setup`)).json()).toEqual({ needsOwner: false });
    await sigterm(next);
  }, 120_000);
});

describe('DATABASE_URL: several app processes on one PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dbName: string | undefined;

  afterAll(async () => {
    if (adminUrl && dbName) await query(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('two apps migrate one fresh database concurrently, both serve, and a write through one is read through the other', async (ctx) => {
    if (!adminUrl) {
      console.warn('lifecycle: DATABASE_URL test skipped because TEST_DATABASE_URL is unset (CI sets it)');
      ctx.skip('TEST_DATABASE_URL is unset: no shared PostgreSQL server to run two app processes on');
      return;
    }
    dbName = `turnout_lc_${process.pid}_${randomBytes(4).toString('hex')}`;
    await query(adminUrl, `CREATE DATABASE ${dbName}`);
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    const env = { DATABASE_URL: u.toString(), DATA_DIR: tempDir() };

    const [a, b] = await Promise.all([startApp(env), startApp(env)]);
    const migrations = await query<{ n: string }>(u.toString(), 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    const files = readFileSync(path.join(ROOT, 'drizzle', 'meta', '_journal.json'), 'utf8');
    expect(Number(migrations[0]!.n)).toBe((JSON.parse(files) as { entries: unknown[] }).entries.length);

    expect(await (await fetch(`${b.baseURL}/api/setup`)).json()).toEqual({ needsOwner: true });
    const created = await post(a, '/api/setup/owner', { name: 'Maya Berg', email: 'owner@example.com', password: PASSWORD });
    expect(created.status).toBe(200);
    expect(await (await fetch(`${b.baseURL}/api/setup`)).json()).toEqual({ needsOwner: false });
    const again = await post(b, '/api/setup/owner', { name: 'Maya Berg', email: 'second@example.com', password: PASSWORD });
    expect(again.status).toBe(409);

    const signIn = await post(b, '/api/auth/sign-in/email', { email: 'owner@example.com', password: PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = cookieOf(signIn);
    // A session made through B is honoured by A: both read the same session table.
    expect(await sessionEmail(a, cookie)).toBe('owner@example.com');

    await sigterm(a);
    await sigterm(b);
  }, 120_000);
});
