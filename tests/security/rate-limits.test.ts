/**
 * Rate limits shared through PostgreSQL (docs/decisions/0009-shared-rate-limits.md): sign-in failures
 * counted per account and client, keys normalised, X-Forwarded-For read from the trusted end, the
 * store failing open, and expired counters swept.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createAuth } from '../../src/server/auth/auth.ts';
import { createUser } from '../../src/server/auth/create-user.ts';
import { AUTH_LIMITS } from '../../src/server/auth/auth.routes.ts';
import { SIGN_IN_LIMITS } from '../../src/server/auth/sign-in-guard.ts';
import { createDb } from '../../src/server/db/client.ts';
import { rate_limits } from '../../src/server/db/schema/rate-limits.ts';
import type { Deps } from '../../src/server/http/context.ts';
import { startRateLimitSweeper, sweepRateLimits } from '../../src/server/http/sweep-rate-limits.ts';
import { RSVP_LIMITS } from '../../src/server/modules/guest-answers/rsvps.routes.ts';
import { INVITATIONS } from '../../src/server/modules/invitations/invitations.routes.ts';
import { OWNER_SETUP } from '../../src/server/modules/setup/setup.routes.ts';
import { insertEvent, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { TEST_PASSWORD } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

const t = await createTestApp({ TRUST_PROXY: 'true' });

type Fetcher = { request: (input: string, init: RequestInit) => Response | Promise<Response> };

/** POST /api/auth/sign-in/email through `app` from the client address `ip` (X-Forwarded-For, one proxy). */
function signIn(app: Fetcher, ip: string, email: string, password: string) {
  return app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
}

async function account() {
  const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
  await createUser({ auth: t.deps.auth, email, password: TEST_PASSWORD });
  return email;
}

let nextIp = 0;
/** A client address no other test uses. */
const freshIp = () => `198.51.${100 + Math.floor(++nextIp / 250)}.${nextIp % 250}`;

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'warn' }, { write: (s: string) => lines.push(JSON.parse(s)) });
  return { log, lines };
}

/** Another app on its own database, built without its `rate_limits` table (a store that fails every query). */
async function appWithoutStore(env: Partial<Deps['env']>) {
  const broken = await createTestApp();
  await broken.db.execute(sql`DROP TABLE rate_limits`);
  const { log, lines } = capturingLogger();
  const { app } = createApp(
    { ...broken.deps, env: { ...broken.env, TRUST_PROXY: true, ...env }, log },
    { clientDir: path.join(os.tmpdir(), 'turnout-no-client') },
  );
  return { app, broken, lines };
}

describe('sign-in: no one can lock another person out', () => {
  it("a stranger's failures never refuse the owner's correct password from another client; the stranger gets 429", async () => {
    const email = await account();
    const stranger = freshIp();
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerClient.points; i++) {
      expect((await signIn(t.app, stranger, email, 'wrong-password')).status).toBe(401);
    }
    expect((await signIn(t.app, freshIp(), email, TEST_PASSWORD)).status).toBe(200);

    const refused = await signIn(t.app, stranger, email, 'wrong-password');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe('rate_limited');
    // Refused for that account even with the right password (the stranger might have guessed it)…
    expect((await signIn(t.app, stranger, email, TEST_PASSWORD)).status).toBe(429);
    // …but not for another account.
    expect((await signIn(t.app, stranger, await account(), TEST_PASSWORD)).status).toBe(200);

    // The owner's own typos count for the owner's client alone, and a success clears them.
    const owner = freshIp();
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerClient.points - 1; i++) {
      expect((await signIn(t.app, owner, email, 'typo')).status).toBe(401);
    }
    expect((await signIn(t.app, owner, email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(t.app, owner, email, 'typo')).status).toBe(401);
  });

  it('an account under attack from many addresses refuses every client that has failed on it, never one that has not', async () => {
    const email = await account();
    const attackers = Array.from({ length: SIGN_IN_LIMITS.failuresPerAccount.points }, freshIp);
    for (const ip of attackers) expect((await signIn(t.app, ip, email, 'guess')).status).toBe(401);
    // Each attacker has one failure: one more guess each is refused at once.
    for (const ip of attackers.slice(0, 3)) expect((await signIn(t.app, ip, email, 'guess-2')).status).toBe(429);
    // The owner, who has not failed, signs in.
    expect((await signIn(t.app, freshIp(), email, TEST_PASSWORD)).status).toBe(200);
  });

  it('30 parallel wrong passwords from one client reach Better Auth at most 5 times; the rest are 429', async () => {
    const email = await account();
    const ip = freshIp();
    const statuses = await Promise.all(Array.from({ length: 30 }, async () => (await signIn(t.app, ip, email, 'wrong-password')).status));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerClient.points);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // A correct password costs nothing: the points it took are given back.
    const owner = freshIp();
    for (let i = 0; i <= SIGN_IN_LIMITS.failuresPerClient.points; i++)
      expect((await signIn(t.app, owner, email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(t.app, owner, email, 'typo')).status).toBe(401);
  });

  it('two app processes on one database share the counts', async () => {
    // A second module graph is what a second process has: nothing module-level is shared with the first.
    vi.resetModules();
    const second = (await import('../../src/server/app.ts')).createApp;
    const db = createDb(t.url, 2);
    const other = second(
      { ...t.deps, db, auth: createAuth(db, t.env, t.deps.log) },
      { clientDir: path.join(os.tmpdir(), 'turnout-no-client') },
    ).app;
    try {
      const email = await account();
      const stranger = freshIp();
      for (let i = 0; i < SIGN_IN_LIMITS.failuresPerClient.points; i++) {
        expect((await signIn(i % 2 ? other : t.app, stranger, email, 'wrong-password')).status).toBe(401);
      }
      expect((await signIn(t.app, stranger, email, 'wrong-password')).status).toBe(429);
      expect((await signIn(other, stranger, email, 'wrong-password')).status).toBe(429);
    } finally {
      await db.$client.end();
    }
  });
});

describe('the other Better Auth endpoints', () => {
  it('every state-changing request is limited per address; sign-in keeps its own limit', async () => {
    const ip = freshIp();
    const post = (path: string, json: unknown, from = ip) =>
      t.app.request(`${TEST_ORIGIN}/api/auth${path}`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify(json),
      });
    const paths = ['/reset-password', '/change-password', '/sign-out'];
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMITS.perIp.points; i++) {
      statuses.push((await post(paths[i % paths.length]!, { token: 'x', newPassword: 'another-horse-battery' })).status);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const refused = await post('/update-user', { name: 'x' });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not refused, and sign-in from this one counts against its own limit only.
    expect((await post('/sign-out', {}, freshIp())).status).toBe(200);
    expect((await signIn(t.app, ip, await account(), TEST_PASSWORD)).status).toBe(200);
  });
});

describe('the sign-up forms', () => {
  it('owner setup and invitation links are limited per client address', async () => {
    const send = (p: string, ip: string, json?: unknown) =>
      t.app.request(`${TEST_ORIGIN}${p}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
    for (const [rule, p, json] of [
      [OWNER_SETUP, '/api/setup/owner', { name: 'Maya Berg', email: 'someone@example.com', password: TEST_PASSWORD }],
      [INVITATIONS, '/api/invitations/accept', { token: 'not-a-real-token-0123', name: 'Sam Door', password: TEST_PASSWORD }],
      [INVITATIONS, '/api/invitations/not-a-real-token-0123', undefined],
    ] as const) {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < rule.points; i++) statuses.push((await send(p, ip, json)).status);
      expect(
        statuses.filter((s) => s === 429),
        p,
      ).toEqual([]);
      const refused = await send(p, ip, json);
      expect(refused.status, p).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await send(p, freshIp(), json)).status, p).not.toBe(429);
    }
  });
});

describe('normalised keys on public forms', () => {
  it('an upper-cased event id or e-mail still counts against the per-e-mail RSVP limit', async () => {
    const event = await insertEvent(t);
    const input = rsvpInput();
    const statuses: number[] = [];
    for (let i = 0; i <= RSVP_LIMITS.perEmail.points; i++) {
      const id = i % 2 ? event.id.toUpperCase() : event.id;
      const email = i % 3 ? input.email.toUpperCase() : input.email;
      statuses.push((await postRsvp(t, id, { ...input, email }, { 'x-forwarded-for': freshIp() })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200 || s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('X-Forwarded-For behind one trusted proxy', () => {
  it('counts the address the proxy saw, so rotating a forged entry does not escape the per-IP limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.perIp.points; i++) {
      // The client sent `X-Forwarded-For: 1.2.3.<i>`; the proxy appended the address it came from.
      statuses.push((await signIn(t.app, `1.2.3.${i}, 9.9.9.9`, await account(), TEST_PASSWORD)).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const rows = await t.db.select({ key: rate_limits.key }).from(rate_limits).where(sql`${rate_limits.key} like 'signin-ip:%'`);
    expect(rows.map((r) => r.key)).toContain('signin-ip:9.9.9.9');
    expect(rows.map((r) => r.key).filter((k) => k.startsWith('signin-ip:1.2.3.'))).toEqual([]);
  });
});

describe('when the store fails', () => {
  it('fails open to this process’s own counts with a warning, never a 500', async () => {
    const { app, broken, lines } = await appWithoutStore({ RATE_LIMIT: true });
    const event = await insertEvent(broken);
    const input = rsvpInput();
    const statuses: number[] = [];
    for (let i = 0; i <= RSVP_LIMITS.perEmail.points; i++) {
      const res = await app.request(`${TEST_ORIGIN}/api/public/events/${event.id}/rsvps`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
        body: JSON.stringify(input),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200 || s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(lines.filter((l) => l.msg.startsWith('rate-limit store unavailable'))).toHaveLength(1);
  });

  it('with RATE_LIMIT off nothing reaches the store', async () => {
    const { app, lines } = await appWithoutStore({ RATE_LIMIT: false });
    const email = 'nobody@example.com';
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.points + 2; i++) expect((await signIn(app, '203.0.113.9', email, 'x')).status).toBe(401);
    expect(lines).toEqual([]);
  });
});

describe('expired counters', () => {
  it('are deleted by the sweep, which the workers run at start and then every few minutes', async () => {
    const now = Date.now();
    await t.db.insert(rate_limits).values([
      { key: 'test-sweep:old', points: 3, expire: now - 1 },
      { key: 'test-sweep:live', points: 1, expire: now + 60_000 },
    ]);
    expect(await sweepRateLimits({ db: t.db, now })).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ key: rate_limits.key }).from(rate_limits).where(sql`${rate_limits.key} like 'test-sweep:%'`);
    expect(left.map((r) => r.key)).toEqual(['test-sweep:live']);

    await t.db.insert(rate_limits).values({ key: 'test-sweep:old-2', points: 1, expire: now - 1 });
    const sweeper = startRateLimitSweeper(t.deps);
    await sweeper.stop(); // waits for the sweep it started with
    const after = await t.db.select({ key: rate_limits.key }).from(rate_limits).where(sql`${rate_limits.key} like 'test-sweep:%'`);
    expect(after.map((r) => r.key)).toEqual(['test-sweep:live']);
  });
});
