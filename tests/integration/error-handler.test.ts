/**
 * The app's error handler is total: whatever a handler throws ends in the error shape, a 500 is logged
 * with its request id, and a lost database connection is a 503 with Retry-After (docs/ARCHITECTURE.md,
 * "A request"). The real app with routes only these tests add (POST outside /api: the SPA answers GET,
 * the /api catch-all 404): nothing in production throws these on demand.
 */
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp();

/** The real app, logging into `lines`, with a route that throws what `thrown()` gives. */
function appThrowing(thrown: () => unknown) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const log = pino({ level: 'warn', base: undefined }, sink);
  const { app } = createApp({ ...t.deps, log }, { clientDir: path.join(os.tmpdir(), 'turnout-no-client') });
  app.post('/test-throw', () => {
    throw thrown();
  });
  return { app, lines };
}

describe('any thrown value', () => {
  const values: [string, () => unknown][] = [
    ['a plain object (as the ics library throws)', () => ({ message: 'start must be after 1970', path: 'start' })],
    ['a string', () => 'something broke'],
    ['undefined', () => undefined],
    ['null', () => null],
    ['an Error', () => new TypeError('x is not a function')],
  ];
  for (const [name, thrown] of values) {
    it(`${name}: a 500 in the error shape with the request id, logged with that id`, async () => {
      const { app, lines } = appThrowing(thrown);
      const res = await app.request('/test-throw', { method: 'POST', headers: { 'x-request-id': 'req-thrown-1' } });
      expect(res.status).toBe(500);
      expect(res.headers.get('x-request-id')).toBe('req-thrown-1');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const body = await res.json();
      expect(body).toEqual({ error: { code: 'internal', message: expect.stringContaining('req-thrown-1'), requestId: 'req-thrown-1' } });
      const logged = lines.find((l) => l.msg === 'unhandled error');
      expect(logged, JSON.stringify(lines)).toMatchObject({ reqId: 'req-thrown-1', level: 50, route: '/test-throw' });
    });
  }

  it('a plain object is logged with what it holds', async () => {
    const { app, lines } = appThrowing(() => ({ message: 'start must be after 1970' }));
    await app.request('/test-throw', { method: 'POST' });
    expect(JSON.stringify(lines)).toContain('start must be after 1970');
  });
});

describe('a lost database connection', () => {
  const driverError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);
  /** Drizzle wraps the driver's error, with the statement and its values in its own message. */
  const wrapped = (cause: Error) => new Error('Failed query: INSERT INTO guests VALUES ($1)\nparams: secret@example.com', { cause });
  const lost: [string, () => unknown][] = [
    ['pg_terminate_backend (57P01)', () => driverError('terminating connection due to administrator command', { code: '57P01' })],
    ['a crash shutdown (57P02)', () => driverError('terminating connection because of crash of another server process', { code: '57P02' })],
    ['a server starting up (57P03)', () => driverError('the database system is starting up', { code: '57P03' })],
    ['a connection exception (08006)', () => driverError('connection failure', { code: '08006' })],
    [
      'a refused connection',
      () => wrapped(driverError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' })),
    ],
    ['a reset connection', () => driverError('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' })],
    ['a missing Unix socket', () => wrapped(driverError('connect ENOENT /data/pg/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' }))],
    ['a connection closed under a query', () => wrapped(new Error('Connection terminated unexpectedly'))],
    ['a pool that could not connect in time', () => new Error('timeout exceeded when trying to connect')],
  ];
  for (const [name, thrown] of lost) {
    it(`${name}: 503 unavailable with Retry-After, logged without the statement`, async () => {
      const { app, lines } = appThrowing(thrown);
      const res = await app.request('/test-throw', { method: 'POST' });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await res.json()).error).toMatchObject({ code: 'unavailable', message: expect.any(String) });
      expect(lines.find((l) => l.msg === 'database unavailable')).toBeTruthy();
      expect(JSON.stringify(lines)).not.toContain('secret@example.com');
    });
  }

  it('a refused statement or a file not found stays a 500', async () => {
    for (const thrown of [
      () => driverError('duplicate key value violates unique constraint', { code: '23505' }),
      () => driverError("ENOENT: no such file or directory, open '/x'", { code: 'ENOENT', syscall: 'open' }),
    ]) {
      const res = await appThrowing(thrown).app.request('/test-throw', { method: 'POST' });
      expect(res.status).toBe(500);
    }
  });
});
