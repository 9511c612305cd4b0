/**
 * Shutdown order (src/server/shutdown.ts, docs/ARCHITECTURE.md#shutdown): the app on a real socket and
 * database, two requests held inside their handlers by locks this test takes in PostgreSQL, one of them
 * abandoned by its client. Shutdown must stop accepting, wait for both handlers, and only then end the
 * pool: the abandoned one used to run on after its socket closed and meet "Cannot use a pool after
 * calling end". Synchronised on the database's lock waits and the shutdown's own log line, never on time.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createAuth } from '../../src/server/auth/auth.ts';
import { loadEnv } from '../../src/server/env.ts';
import { createLogger } from '../../src/server/logger.ts';
import { stopAll } from '../../src/server/shutdown.ts';
import { createEvent } from '../factories/events.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDb } from '../support/db.ts';
import { answerOf } from '../support/http-answer.ts';

const SETUP_LOCK = 727_002; // create-owner.ts serialises owner creation on it

type Line = { level: number; msg: string; [k: string]: unknown };

/** One request on its own connection; `answer` settles with the status and body, or the socket's error. */
function send(port: number, method: string, p: string, origin: string, body?: unknown) {
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const req = http.request({
    host: '127.0.0.1',
    port,
    method,
    path: p,
    agent: false,
    headers: { origin, ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}) },
  });
  const answer = answerOf(req);
  req.end(data);
  return { req, answer };
}

async function until(check: () => boolean | Promise<boolean>) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 10));
}

it('stops accepting, lets a request in flight answer and an abandoned handler finish, then ends the pool', async () => {
  const testDb = await createTestDb();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-shutdown-'));
  const lines: Line[] = [];
  const log = createLogger('info', { write: (s: string) => void lines.push(JSON.parse(s) as Line) });
  const env = loadEnv({
    NODE_ENV: 'test',
    PUBLIC_BASE_URL: 'http://localhost:3999',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ENCRYPTION_KEY: `${'0'.repeat(63)}1`,
    TICKET_SIGNING_KEY: 'ticket-key-ticket-key-ticket-key-0123',
    LOG_LEVEL: 'info',
    OUTBOX_WORKER: 'false',
    RATE_LIMIT: 'false',
  });
  const { app, close, inFlight } = createApp(
    { env, db: testDb.db, auth: createAuth(testDb.db, env, log), log },
    { clientDir: path.join(os.tmpdir(), 'turnout-no-client') },
  );
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const watcher = new pg.Client({ connectionString: testDb.url });
  const locker = new pg.Client({ connectionString: testDb.url });
  await Promise.all([watcher.connect(), locker.connect()]);
  try {
    // The far side: a transaction holding the owner-creation lock and the user table.
    await locker.query('BEGIN');
    await locker.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
    await locker.query('LOCK TABLE "user" IN ACCESS EXCLUSIVE MODE');

    // A waits for its answer; B (the owner's creation: the lock, then more queries) is abandoned by its client.
    const a = send(port, 'GET', '/api/setup', env.PUBLIC_BASE_URL);
    const b = send(port, 'POST', '/api/setup/owner', env.PUBLIC_BASE_URL, {
      name: 'Maya Berg',
      email: 'owner@example.com',
      password: 'correct-horse-battery',
    });
    b.answer.catch(() => {});
    const waiting = async () =>
      (
        await watcher.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      ).rows[0]!.n;
    await until(async () => (await waiting()) === 2);
    expect(inFlight.size).toBe(2);
    b.req.destroy();
    const connections = () => new Promise<number>((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
    await until(async () => (await connections()) === 1);

    let stopped = false;
    const stopping = stopAll({ server, app: { close, inFlight }, db: testDb.db }, log).then(() => {
      stopped = true;
    });
    await until(() => lines.some((l) => l.msg === 'shutting down: waiting for the requests in flight') || testDb.db.$client.ending);
    expect(lines.find((l) => l.msg === 'shutting down: waiting for the requests in flight')).toMatchObject({ requests: 2 });
    // No new connection is accepted, and nothing has closed under the two handlers.
    await expect(fetch(`http://127.0.0.1:${port}/livez`)).rejects.toThrow();
    expect(testDb.db.$client.ending).toBe(false);
    expect(stopped).toBe(false);

    await locker.query('COMMIT');
    const res = await a.answer;
    expect(res.status, res.text).toBe(200);
    expect(typeof (JSON.parse(res.text) as { needsOwner: unknown }).needsOwner).toBe('boolean');
    await stopping;

    expect(inFlight.size).toBe(0);
    expect(testDb.db.$client.ending).toBe(true);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    const requests = lines.filter((l) => l.msg === 'request').map((l) => [l.method, l.route, l.status]);
    expect(requests).toEqual(
      expect.arrayContaining([
        ['GET', '/api/setup', 200],
        ['POST', '/api/setup/owner', 200],
      ]),
    );
    // The abandoned request did all its work before the pool ended.
    expect((await watcher.query('SELECT email FROM "user"')).rows).toEqual([{ email: 'owner@example.com' }]);
  } finally {
    await locker.end().catch(() => {});
    await watcher.end();
    if (server.listening) server.close();
    if (!testDb.db.$client.ending) await testDb.db.$client.end();
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(testDb.url).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);

// An app whose pool the test file's afterAll ends (tests/support/app.ts).
const t = await createTestApp({ RATE_LIMIT: 'false' });

it('a live check-in stream ends when shutdown begins, so it does not hold the drain back', async () => {
  const owner = await signedInUser(t);
  const event = await createEvent(t, owner, { title: 'Door Night' });
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const req = http.get({
    host: '127.0.0.1',
    port,
    path: `/api/checkin/${event.id}/stream`,
    agent: false,
    headers: { cookie: owner.cookie },
  });
  const [res] = (await once(req, 'response')) as [http.IncomingMessage];
  expect(res.statusCode).toBe(200);
  res.setEncoding('utf8');
  let text = '';
  const ended = new Promise<void>((resolve, reject) => {
    res.once('end', resolve);
    res.once('error', reject);
  });
  res.on('data', (chunk: string) => {
    text += chunk;
  });
  await until(() => text.includes('event: stats'));
  // A drain bound no test outlives: only the stream ending on its own lets shutdown finish.
  await stopAll({ server, app: { close: t.close, inFlight: t.inFlight } }, t.deps.log, 3_600_000);
  await ended;
  expect(server.listening).toBe(false);
  expect(t.inFlight.size).toBe(0);
}, 60_000);
