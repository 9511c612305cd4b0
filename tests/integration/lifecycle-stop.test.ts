/**
 * The real server as child processes, the half of lifecycle.test.ts that needs no orphan: SIGTERM during
 * start-up and with a request in flight, and several processes sharing one database through DATABASE_URL.
 * Its own file so the process-level stage's two workers share the lifecycle tests (about 80 s in one file).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../src/server/db/embedded.ts';
import { answerOf } from '../support/http-answer.ts';
import {
  clusterDir,
  cookieOf,
  exitCode,
  PASSWORD,
  post,
  postmasterPid,
  query,
  ROOT,
  sessionEmail,
  sigterm,
  spawnApp,
  startApp,
  tempDir,
  waitForOutput,
  withBuiltServer,
} from '../support/app-process.ts';

withBuiltServer('lifecycle-stop');

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
