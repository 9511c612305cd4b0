/**
 * The real server as child processes (built once into a private .dist-lifecycle-<pid>): kill -9 recovery with an orphaned
 * embedded PostgreSQL, a second process refused on a data dir a live one owns, two apps started at once on
 * one data dir, SIGTERM stopping the app and then its database. SIGTERM in the other phases and several
 * processes on one database: lifecycle-stop.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../src/server/db/embedded.ts';
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
  sessionEmail,
  sigterm,
  socketUrl,
  spawnApp,
  startApp,
  tempDir,
  waitHealthy,
  withBuiltServer,
} from '../support/app-process.ts';

withBuiltServer('lifecycle');

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
