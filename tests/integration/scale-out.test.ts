/**
 * Three app processes on one PostgreSQL (DATABASE_URL), as behind a reverse proxy (ADR 0016,
 * README "Running several processes"): seats exact over all three, edits heard by the others, each
 * outbox message delivered once, rate limits shared, and a process killed with -9 mid-rush loses no
 * acknowledged answer. Lean on purpose: one server-only build, three processes, a few hundred requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cookieOf, exitCode, post, query, spawnApp, waitHealthy, withBuiltServer } from '../support/app-process.ts';
import { createTestDb, type TestDb } from '../support/db.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';

withBuiltServer('scale-out', { client: false });

let db: TestDb;
let sink: SmtpSink;
let apps: AppProcess[] = [];
let cookie = '';

const SEATS = 12;
const GUESTS = 36;

/** A guest's answer from its own address (TRUST_PROXY: the proxy's X-Forwarded-For). */
function rsvp(app: AppProcess, eventId: string, n: number, tag: string, ip = `10.0.${n >> 8}.${n & 255}`) {
  return fetch(`${app.baseURL}/api/public/events/${eventId}/rsvps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseURL, 'x-forwarded-for': ip },
    body: JSON.stringify({ name: `Guest ${n}`, email: `g${n}.${tag}@example.com`, guest_count: 1, status: 'confirmed' }),
  });
}

async function createEvent(app: AppProcess, body: Record<string, unknown>): Promise<{ id: string; slug: string }> {
  const res = await post(
    app,
    '/api/events',
    { event_date: new Date(Date.now() + 7 * 86_400_000).toISOString(), timezone: 'UTC', location: 'Hall', ...body },
    cookie,
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { event: { id: string; slug: string } }).event;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    if (await check()) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not within ${ms} ms`);
}

beforeAll(async () => {
  db = await createTestDb();
  sink = await startSmtpSink();
  const env = {
    DATABASE_URL: db.url,
    SMTP_URL: sink.url,
    OUTBOX_WORKER: 'true',
    OUTBOX_POLL_MS: '100',
    RATE_LIMIT: 'true',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  };
  apps = await Promise.all([spawnApp(env), spawnApp(env), spawnApp(env)]);
  await Promise.all(apps.map((a) => waitHealthy(a)));
  const owner = await post(apps[0]!, '/api/setup/owner', { email: 'owner@example.com', password: 'correct-horse-battery' });
  expect(owner.status).toBe(200);
  cookie = cookieOf(owner);
}, 120_000);

afterAll(async () => {
  await sink?.close();
  // The apps stop in withBuiltServer's afterAll; the database goes once they are down.
  for (const a of apps) a.child.kill('SIGTERM');
  await Promise.all(apps.map((a) => exitCode(a).catch(() => null)));
  await db?.drop();
}, 60_000);

describe('three processes on one PostgreSQL', () => {
  it('an RSVP race spread over the three is exact to the seat; each confirmation is delivered once', async () => {
    const e = await createEvent(apps[0]!, { title: 'Race Night', max_attendees: SEATS });
    const tag = `race${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: GUESTS }, (_, n) => rsvp(apps[n % 3]!, e.id, n, tag)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SEATS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(GUESTS - SEATS);
    const [row] = await query<{ taken: number; confirmed: number }>(
      db.url,
      `SELECT seats_taken AS taken, (SELECT count(*)::int FROM event_rsvps WHERE event_id = $1 AND status = 'confirmed') AS confirmed
       FROM events WHERE id = $1`,
      [e.id],
    );
    expect(row).toEqual({ taken: SEATS, confirmed: SEATS });

    // Three workers claim from one outbox: every confirmation arrives exactly once.
    await sink.waitForAccepted(SEATS);
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive meanwhile
    const race = sink.accepted.filter((m) => m.to && JSON.stringify(m.to).includes(tag));
    expect(race).toHaveLength(SEATS);
    expect(new Set(race.map((m) => JSON.stringify(m.to))).size).toBe(SEATS);
    expect([...sink.acceptedPerMessageId().values()].every((n) => n === 1)).toBe(true);
  }, 60_000);

  it('an edit in one process shows in the others on their next requests', async () => {
    const e = await createEvent(apps[0]!, { title: 'Before', max_attendees: 50 });
    const title = async (a: AppProcess) =>
      ((await (await fetch(`${a.baseURL}/api/public/events/${e.id}`)).json()) as { event: { title: string } }).event.title;
    for (const a of apps) expect(await title(a)).toBe('Before'); // cached in every process now
    const res = await fetch(`${apps[1]!.baseURL}/api/events/${e.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: apps[1]!.baseURL, cookie },
      body: JSON.stringify({ title: 'After' }),
    });
    expect(res.status).toBe(200);
    for (const a of apps) await until(async () => (await title(a)) === 'After', 1000);
  }, 30_000);

  it('rate limits are shared: the per-e-mail limit counts answers made through any process', async () => {
    const e = await createEvent(apps[0]!, { title: 'Limits', max_attendees: 50 });
    // The same e-mail answering again and again (each after the first gets 200 "already answered"),
    // spread over the three processes: the 7th within the window is refused whichever process takes it.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await rsvp(apps[i % 3]!, e.id, 1, `limit${e.id.slice(0, 6)}`, `10.9.0.${i}`)).status);
    expect(statuses.slice(0, 6).every((s) => s === 200 || s === 201)).toBe(true);
    expect(statuses[6]).toBe(429);
  }, 30_000);

  it('a process killed with -9 mid-rush loses no acknowledged answer; the others go on', async () => {
    const e = await createEvent(apps[0]!, { title: 'Crash', max_attendees: 10_000 });
    const victim = apps[2]!;
    const tag = `crash${Date.now()}`;
    const acknowledged: string[] = [];
    let n = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const i = n++;
        try {
          const res = await rsvp(victim, e.id, i + 1000, tag);
          if (res.status === 201) acknowledged.push(((await res.json()) as { rsvp: { id: string } }).rsvp.id);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const rush = Promise.all(Array.from({ length: 8 }, worker));
    await until(async () => acknowledged.length >= 20, 20_000);
    victim.child.kill('SIGKILL');
    stop = true;
    await rush;
    expect(await exitCode(victim)).toBe(null);
    const stored = await query<{ id: string }>(db.url, 'SELECT id FROM event_rsvps WHERE id = ANY($1::uuid[])', [acknowledged]);
    expect(stored).toHaveLength(acknowledged.length);
    const [row] = await query<{ taken: number; confirmed: number }>(
      db.url,
      `SELECT seats_taken AS taken, (SELECT count(*)::int FROM event_rsvps WHERE event_id = $1 AND status = 'confirmed') AS confirmed
       FROM events WHERE id = $1`,
      [e.id],
    );
    expect(row!.taken).toBe(row!.confirmed);
    expect((await rsvp(apps[0]!, e.id, 99_999, tag)).status).toBe(201);
  }, 60_000);
});
