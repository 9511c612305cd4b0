/**
 * The real server (child processes on the embedded PostgreSQL) through database outages: every
 * backend terminated in the middle of an RSVP burst, the postmaster killed with -9 (supervised restart,
 * docs/decisions/0008-embedded-postgres-supervision.md), a postmaster that cannot come back (the app
 * exits non-zero), and guest data kept out of PostgreSQL's logs.
 */
import { appendFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../src/server/db/embedded.ts';
import {
  type AppProcess,
  clusterDir,
  cookieOf,
  exitCode,
  PASSWORD,
  post,
  postmasterPid,
  query,
  sigterm,
  socketUrl,
  startApp,
  waitForOutput,
  withBuiltServer,
} from '../support/app-process.ts';

withBuiltServer('outage', { client: false });

type Answer = { status: number; body: unknown; retryAfter: string | null };
type Rsvp = { name: string; email: string; phone?: string };

/** The owner account and one free, unlimited event; returns the event id. */
async function eventOf(app: AppProcess): Promise<string> {
  const owner = await post(app, '/api/setup/owner', { name: 'Maya Berg', email: 'owner@example.com', password: PASSWORD });
  expect(owner.status).toBe(200);
  const at = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const res = await post(app, '/api/events', { title: 'Outage Party', event_date: at, location: 'Hall' }, cookieOf(owner));
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { event: { id: string } }).event.id;
}

async function rsvp(app: AppProcess, eventId: string, guest: Rsvp): Promise<Answer> {
  const res = await post(app, `/api/public/events/${eventId}/rsvps`, { ...guest, guest_count: 1, status: 'confirmed' });
  return { status: res.status, body: await res.json().catch(() => null), retryAfter: res.headers.get('retry-after') };
}

/** A failed answer must be 503 in the error shape with Retry-After: the database is away, nothing is wrong with the request. */
function expectUnavailable(a: Answer) {
  expect(a.status, JSON.stringify(a.body)).toBe(503);
  expect(a.body).toMatchObject({ error: { code: 'unavailable', message: expect.any(String) } });
  expect(Number(a.retryAfter)).toBeGreaterThan(0);
}

async function terminateBackends(dataDir: string): Promise<number> {
  const admin = socketUrl(dataDir).replace('/turnout?', '/postgres?');
  const rows = await query<{ pid: number }>(
    admin,
    // Materialised first: the planner may otherwise call pg_terminate_backend before filtering on datname.
    `WITH victims AS MATERIALIZED (SELECT pid FROM pg_stat_activity WHERE datname = 'turnout' AND pid <> pg_backend_pid())
     SELECT pid FROM victims WHERE pg_terminate_backend(pid)`,
  );
  return rows.length;
}

async function rsvpIdsIn(dataDir: string, eventId: string): Promise<Set<string>> {
  const rows = await query<{ id: string }>(socketUrl(dataDir), 'SELECT id FROM event_rsvps WHERE event_id = $1', [eventId]);
  return new Set(rows.map((r) => r.id));
}

describe('a dropped database connection', () => {
  it('terminating every backend mid-burst answers 503 (never 500), keeps the process, reconnects and keeps every acknowledged RSVP', async () => {
    const dataDir = clusterDir();
    const app = await startApp({ DATA_DIR: dataDir });
    const eventId = await eventOf(app);

    const TOTAL = 240;
    const LANES = 16;
    const KILL_AT = [40, 120]; // answers received before each round of pg_terminate_backend
    const answers: Answer[] = [];
    const kills: Promise<number>[] = [];
    let next = 0;
    const lane = async () => {
      while (next < TOTAL) {
        const i = next++;
        const answer = await rsvp(app, eventId, { name: `Guest ${i}`, email: `burst-${i}@example.com` }).catch((err: Error) => ({
          status: 0,
          body: err.message,
          retryAfter: null,
        }));
        answers.push(answer);
        if (KILL_AT.includes(answers.length)) kills.push(terminateBackends(dataDir));
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    expect(app.child.exitCode, app.output()).toBeNull();
    const terminated = await Promise.all(kills);
    expect(terminated.every((n) => n > 0)).toBe(true);
    const failed = answers.filter((a) => a.status !== 200 && a.status !== 201);
    for (const a of failed) expectUnavailable(a);
    console.log(`burst: ${answers.length - failed.length} acknowledged, ${failed.length} answered 503`);

    // The pool reconnects by itself: every later request succeeds.
    for (let i = 0; i < 10; i++) {
      const later = await rsvp(app, eventId, { name: `Later ${i}`, email: `later-${i}@example.com` });
      expect(later.status, JSON.stringify(later.body)).toBe(201);
    }
    expect((await fetch(`${app.baseURL}/healthz`)).status).toBe(200);

    const stored = await rsvpIdsIn(dataDir, eventId);
    const acknowledged = answers
      .filter((a) => a.status === 200 || a.status === 201)
      .map((a) => (a.body as { rsvp: { id: string } }).rsvp.id);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    await sigterm(app);
  }, 120_000);
});

describe('supervised embedded PostgreSQL', () => {
  it('after kill -9 of the postmaster requests get 503, /healthz is back to 200 within 15 s and an RSVP then succeeds', async () => {
    const dataDir = clusterDir();
    const app = await startApp({ DATA_DIR: dataDir });
    const eventId = await eventOf(app);
    const before = await rsvp(app, eventId, { name: 'Before', email: 'before@example.com' });
    expect(before.status).toBe(201);

    const first = postmasterPid(dataDir);
    process.kill(first, 'SIGKILL');
    const killedAt = performance.now();
    // Backends of the dead postmaster may answer a last query or two; from the app's notice on, the outage is real.
    await waitForOutput(app, 'embedded PostgreSQL exited', 5_000);
    // Until /healthz answers 200 from a new postmaster, every answer is a 503 in the error shape (or a
    // success). A backend of the dead one can still answer a query in the first moments after the notice
    // (once, /healthz said 200 15 ms after the kill): only a new pid in postmaster.pid means it is back.
    const restarted = () => {
      try {
        return postmasterPid(dataDir) !== first;
      } catch {
        return false; // being rewritten
      }
    };
    const during: Answer[] = [];
    for (let i = 0; ; i++) {
      const health = await fetch(`${app.baseURL}/healthz`);
      if (health.status === 200 && restarted()) break;
      if (health.status !== 200) expect(health.status).toBe(503);
      during.push(await rsvp(app, eventId, { name: `During ${i}`, email: `during-${i}@example.com` }));
      expect(performance.now() - killedAt, app.output()).toBeLessThan(15_000);
    }
    console.log(`postmaster back after ${Math.round(performance.now() - killedAt)} ms; ${during.length} RSVPs sent meanwhile`);
    const refused = during.filter((a) => a.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) expectUnavailable(a);

    const second = postmasterPid(dataDir);
    expect(second).not.toBe(first);
    expect(isAlive(second)).toBe(true);
    const after = await rsvp(app, eventId, { name: 'After', email: 'after@example.com' });
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    const stored = await rsvpIdsIn(dataDir, eventId);
    for (const a of [before, after]) expect(stored.has((a.body as { rsvp: { id: string } }).rsvp.id)).toBe(true);

    // SIGTERM is a shutdown, not a death to recover from: the app and its database stop for good.
    await sigterm(app);
    expect(isAlive(second)).toBe(false);
  }, 120_000);

  it('when the postmaster cannot be restarted the app gives up, exits non-zero and releases DATA_DIR', async () => {
    const dataDir = clusterDir();
    const app = await startApp({ DATA_DIR: dataDir });
    // Every later start fails: PostgreSQL refuses a configuration file it cannot parse.
    appendFileSync(path.join(dataDir, 'pg', 'postgresql.conf'), '\nthis line is not a setting\n');
    process.kill(postmasterPid(dataDir), 'SIGKILL');

    const code = await exitCode(app, 60_000);
    expect(code, app.output()).not.toBe(0);
    expect(code).not.toBeNull();
    expect(app.output()).toContain('giving up');
    expect(readdirSync(dataDir)).not.toContain('turnout.pid');
  }, 120_000);
});

describe('PostgreSQL logs', () => {
  /** Every log file PostgreSQL or the app writes under DATA_DIR. */
  function logFiles(dataDir: string): string[] {
    const files = readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /(^|\/)(postgres\.log[^/]*|log\/[^/]+)$/.test(f))
      .map((f) => path.join(dataDir, f));
    return files.filter((f) => statSync(f).isFile());
  }

  it('a refused or repeated RSVP never writes the guest to a log; log files are 0600', async () => {
    const dataDir = clusterDir();
    const app = await startApp({ DATA_DIR: dataDir });
    const eventId = await eventOf(app);
    const guest = { name: 'Canary Leakwood', email: 'canary.leakwood@example.com', phone: '+14155550123' };
    expect((await rsvp(app, eventId, guest)).status).toBe(201);
    // The same e-mail again: its INSERT hits the unique key (the app then updates the answer).
    expect((await rsvp(app, eventId, guest)).status).toBe(200);
    const stored = await query<{ pin: string }>(socketUrl(dataDir), 'SELECT pin FROM rsvp_pins WHERE event_id = $1', [eventId]);
    await sigterm(app); // PostgreSQL has written and closed its logs

    const files = logFiles(dataDir);
    const all = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    // Not vacuous: the refused INSERT is logged, without its statement, values or DETAIL.
    expect(all).toContain('duplicate key value violates unique constraint "event_rsvps_event_email_key"');
    for (const secret of [guest.name, guest.email, guest.phone, 'Leakwood', `'${stored[0]!.pin}'`]) expect(all).not.toContain(secret);
    for (const f of files) expect((statSync(f).mode & 0o777).toString(8), f).toBe('600');
  }, 120_000);
});
