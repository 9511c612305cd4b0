/**
 * The embedded PostgreSQL's backends yield to the app's event loop (ADR 0022): each connection the app's
 * pool opens gets the lower autogroup weight; nothing else does. Linux with autogroup scheduling only
 * (this machine and CI have it); elsewhere the file does not exist and the app leaves weights alone.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND_AUTOGROUP_NICE, parentPid } from '../../src/server/db/backend-weight.ts';
import { createDb, type Db } from '../../src/server/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { createLogger } from '../../src/server/logger.ts';

/** A process's autogroup line ("/autogroup-85 nice 0"); empty for one in the kernel's default group (no session of its own). */
const autogroupOf = (pid: number) => readFileSync(`/proc/${pid}/autogroup`, 'utf8');
const autogroupNice = (pid: number) => Number(/nice (-?\d+)/.exec(autogroupOf(pid))?.[1]);

describe.skipIf(!existsSync('/proc/self/autogroup'))('the embedded server’s backends and the scheduler', () => {
  let tmp: string;
  let embedded: EmbeddedPostgres;
  let db: Db;
  let plain: Db;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'turnout-weight-'));
    embedded = await startEmbeddedPostgres(tmp, createLogger('warn'));
    db = createDb(embedded.url, 3, embedded.weighBackend);
    plain = createDb(embedded.url, 1);
  });

  afterAll(async () => {
    await db?.$client.end();
    await plain?.$client.end();
    await embedded?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  const backendPid = async (c: pg.Pool | pg.PoolClient) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

  it('every connection of the pool gets the lower weight; a pool without the hook keeps the default', async () => {
    const clients = await Promise.all([0, 1, 2].map(() => db.$client.connect()));
    const pids = await Promise.all(clients.map(backendPid));
    for (const c of clients) c.release();
    expect(new Set(pids).size).toBe(3);
    for (const pid of pids) expect(autogroupNice(pid)).toBe(BACKEND_AUTOGROUP_NICE);

    const other = await backendPid(plain.$client);
    expect(autogroupNice(other)).toBe(0);
  });

  it('touches only children of its own postmaster', async () => {
    const postmaster = parentPid(await backendPid(db.$client))!;
    expect(readFileSync(`/proc/${postmaster}/cmdline`, 'utf8')).toContain(tmp);

    // Either may be in the default group (a runner started without a session of its own, as in CI), so
    // each is compared with itself rather than with nice 0.
    const runnerBefore = autogroupOf(process.pid);
    const postmasterBefore = autogroupOf(postmaster);
    embedded.weighBackend(process.pid); // the test runner: not a backend
    embedded.weighBackend(postmaster); // the postmaster itself: its parent is the app
    embedded.weighBackend(null);
    expect(autogroupOf(process.pid)).toBe(runnerBefore);
    expect(autogroupOf(postmaster)).toBe(postmasterBefore);
    expect(autogroupOf(postmaster)).not.toContain(`nice ${BACKEND_AUTOGROUP_NICE}`);
  });
});
