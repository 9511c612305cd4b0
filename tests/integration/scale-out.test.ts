/**
 * Three app processes on one PostgreSQL (DATABASE_URL), as behind a reverse proxy (ADR 0016,
 * README "Running several processes"): seats exact over all three, edits heard by the others, each
 * outbox message delivered once, rate limits shared, and a process killed with -9 mid-rush loses no
 * acknowledged answer. Lean on purpose: one server-only build, three processes, a few hundred requests.
 * Twice: straight to PostgreSQL, and through PgBouncer in transaction mode with DATABASE_DIRECT_URL for
 * what needs a session (ADR 0024), where the three also share a few backends.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppProcess,
  type Browser,
  createEventVia,
  exitCode,
  query,
  ROOT,
  sendAs,
  setupOwner,
  spawnApp,
  until,
  waitHealthy,
  withBuiltServer,
} from '../support/app-process.ts';
import { freePort } from '../support/free-port.ts';
import { createTestDb, type TestDb } from '../support/db.ts';
import { hasNginx, startNginxCache } from '../support/nginx-cache.ts';
import { type PgBouncer, startPgBouncer } from '../support/pgbouncer.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';

withBuiltServer('scale-out', { client: false });

let db: TestDb;
let sink: SmtpSink;
let apps: AppProcess[] = [];
/** The owner's browser on the public origin of all three (the proxy's, as in production). */
let browser: Browser = { origin: '', cookie: '' };
let proxyPort = 0;

const send = (app: AppProcess, p: string, method: string, body: unknown, headers: Record<string, string> = {}) =>
  sendAs(app, browser, p, method, body, headers);

const SEATS = 12;

function hasCaddy(): boolean {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const GUESTS = 36;

/** A guest's answer from its own address (TRUST_PROXY: the proxy's X-Forwarded-For). */
function rsvp(app: AppProcess, eventId: string, n: number, tag: string, ip = `10.0.${n >> 8}.${n & 255}`) {
  return send(
    app,
    `/api/public/events/${eventId}/rsvps`,
    'POST',
    { name: `Guest ${n}`, email: `g${n}.${tag}@example.com`, guest_count: 1, status: 'confirmed' },
    { 'x-forwarded-for': ip },
  );
}

const createEvent = (app: AppProcess, body: Record<string, unknown>) => createEventVia(app, browser, body);

/** PgBouncer's backends to the test database; the three processes' pools would hold 3 × DB_POOL_SIZE (10) without it. */
const POOLED_BACKENDS = 6;

const MODES = [
  { mode: 'directly', pooled: false },
  { mode: 'through PgBouncer in transaction mode', pooled: true },
] as const;

describe.each(MODES)('three processes on one PostgreSQL, $mode', ({ pooled }) => {
  let bouncer: PgBouncer | undefined;

  beforeAll(async () => {
    db = await createTestDb();
    sink = await startSmtpSink();
    proxyPort = await freePort();
    if (pooled) bouncer = await startPgBouncer(db.url, POOLED_BACKENDS);
    const origin = `http://127.0.0.1:${proxyPort}`;
    const env = {
      PUBLIC_BASE_URL: origin,
      ...(bouncer ? { DATABASE_URL: bouncer.pooled(db.url), DATABASE_DIRECT_URL: db.url } : { DATABASE_URL: db.url }),
      SMTP_URL: sink.url,
      OUTBOX_WORKER: 'true',
      OUTBOX_POLL_MS: '100',
      RATE_LIMIT: 'true',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    };
    apps = await Promise.all([spawnApp(env), spawnApp(env), spawnApp(env)]);
    await Promise.all(apps.map((a) => waitHealthy(a)));
    browser = await setupOwner(apps[0]!, origin);
  }, 120_000);

  afterAll(async () => {
    await sink?.close();
    // The apps stop in withBuiltServer's afterAll; the database goes once they are down.
    for (const a of apps) a.child.kill('SIGTERM');
    await Promise.all(apps.map((a) => exitCode(a).catch(() => null)));
    await bouncer?.stop();
    await db?.drop();
  }, 60_000);

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

  it.runIf(pooled)(
    'through PgBouncer the three share its few backends; each LISTENs on a direct connection',
    async () => {
      const e = await createEvent(apps[0]!, { title: 'Pooled', max_attendees: 500 });
      const tag = `pool${Date.now()}`;
      // Enough answers at once that three pools of 10 would each open all their connections without the pooler.
      const answers = await Promise.all(Array.from({ length: 90 }, (_, n) => rsvp(apps[n % 3]!, e.id, 5000 + n, tag)));
      expect(answers.every((r) => r.status === 201)).toBe(true);
      const backends = await query<{ pooled: number; listening: number }>(
        db.url,
        `SELECT count(*) FILTER (WHERE query NOT ILIKE 'LISTEN%')::int AS pooled, count(*) FILTER (WHERE query ILIKE 'LISTEN%')::int AS listening
       FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      // PgBouncer's backends, and per process the public events' LISTEN (the check-in stream's starts with its first subscriber).
      expect(backends[0]!.pooled).toBeLessThanOrEqual(POOLED_BACKENDS);
      expect(backends[0]!.listening).toBe(3);
    },
    60_000,
  );

  it('the door: redeems of one ticket spread over the three admit it exactly once', async () => {
    const e = await createEvent(apps[0]!, { title: 'Door', max_attendees: 10 });
    const answer = await rsvp(apps[1]!, e.id, 7000, `door${Date.now()}`);
    const id = ((await answer.json()) as { rsvp: { id: string } }).rsvp.id;
    const scans = await Promise.all(
      Array.from({ length: 30 }, async (_, n) => {
        const res = await send(apps[n % 3]!, `/api/checkin/${e.id}/redeem`, 'POST', {
          rsvp_id: id,
          nonce: randomUUID(),
          device: `Door ${n % 3}`,
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { ok: boolean }).ok;
      }),
    );
    expect(scans.filter(Boolean)).toHaveLength(1);
  }, 30_000);

  it('a waitlist over the three: freed seats go to the first parties in line, once, with one offer e-mail each', async () => {
    const e = await createEvent(apps[0]!, { title: 'Waitlist Night', max_attendees: 4, waitlist_offer_hours: 24 });
    const tag = `wl${Date.now()}`;
    for (let n = 0; n < 4; n++) expect((await rsvp(apps[n % 3]!, e.id, 500 + n, tag, `10.7.0.${n}`)).status).toBe(201);
    // Twelve parties join through the three processes, one after the other: their order is the line's.
    for (let n = 0; n < 12; n++) {
      const body = { name: `Waiting ${n}`, email: `w${n}.${tag}@example.com`, guest_count: 1 };
      const joined = await send(apps[n % 3]!, `/api/public/events/${e.id}/waitlist`, 'POST', body, { 'x-forwarded-for': `10.8.0.${n}` });
      expect(joined.status).toBe(201);
    }
    const secrets = await query<{ s: string }>(
      db.url,
      `SELECT manage_secret AS s FROM event_rsvps WHERE event_id = $1 AND status = 'confirmed' ORDER BY created_at LIMIT 2`,
      [e.id],
    );
    // Two cancels on two processes while twelve new guests answer yes through all three.
    const [c1, c2, ...fresh] = await Promise.all([
      send(apps[1]!, `/api/public/rsvps/${secrets[0]!.s}/cancel`, 'POST', {}, { 'x-forwarded-for': '10.6.0.1' }),
      send(apps[2]!, `/api/public/rsvps/${secrets[1]!.s}/cancel`, 'POST', {}, { 'x-forwarded-for': '10.6.0.2' }),
      ...Array.from({ length: 12 }, (_, n) => rsvp(apps[n % 3]!, e.id, 600 + n, tag, `10.5.0.${n}`)),
    ]);
    expect([c1!.status, c2!.status]).toEqual([200, 200]);
    expect(fresh.every((r) => r.status === 409)).toBe(true);
    const rows = await query<{ email: string; status: string }>(
      db.url,
      `SELECT email, status FROM event_rsvps WHERE event_id = $1 AND waitlist_position IS NOT NULL ORDER BY waitlist_position`,
      [e.id],
    );
    expect(rows.map((r) => r.status)).toEqual(['offered', 'offered', ...Array(10).fill('waitlisted')]);
    const [count] = await query<{ taken: number }>(db.url, 'SELECT seats_taken AS taken FROM events WHERE id = $1', [e.id]);
    expect(count!.taken).toBe(4);
    // Three waitlist loops, one outbox: each offer e-mail arrives once.
    const offers = () => sink.accepted.filter((m) => m.subject === 'Seats are free for you at Waitlist Night');
    await until(async () => offers().length >= 2, 15_000);
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive meanwhile
    expect(offers()).toHaveLength(2);
    for (const first of rows.slice(0, 2)) expect(offers().filter((m) => JSON.stringify(m.to).includes(first.email))).toHaveLength(1);
  }, 60_000);

  it('300 orders over 3 ticket types spread over the three: no type and not the event oversold', async () => {
    // docs/decisions/0028-ticket-types.md: each type's counter, then the event's, in every order's one message.
    const e = await createEvent(apps[0]!, { title: 'Typed Night', max_attendees: 150 });
    const ids: string[] = [];
    for (const t of [
      { name: 'A', price: 0, quantity: 40 },
      { name: 'B', price: 0, quantity: 60, admission: 'group' },
      { name: 'C', price: 0 },
    ]) {
      const res = await send(apps[0]!, `/api/events/${e.id}/ticket-types`, 'POST', t);
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { ticket_type: { id: string } }).ticket_type.id);
    }
    const [a, b, c] = ids as [string, string, string];
    const mixes = [
      [{ type_id: a, quantity: 1 }],
      [{ type_id: b, quantity: 2 }],
      [{ type_id: c, quantity: 1 }],
      [
        { type_id: a, quantity: 1 },
        { type_id: c, quantity: 1 },
      ],
      [
        { type_id: c, quantity: 1 },
        { type_id: b, quantity: 1 },
        { type_id: a, quantity: 1 },
      ],
    ];
    const tag = `typed${Date.now()}`;
    const orders = await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        send(
          apps[n % 3]!,
          `/api/public/events/${e.id}/rsvps`,
          'POST',
          { name: `Buyer ${n}`, email: `t${n}.${tag}@example.com`, status: 'confirmed', tickets: mixes[n % mixes.length] },
          { 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` },
        ),
      ),
    );
    const statuses = orders.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
    const types = await query<{ id: string; quantity: number | null; taken: number; held: number }>(
      db.url,
      `SELECT t.id, t.quantity, t.seats_taken AS taken,
         (SELECT coalesce(sum(o.admits), 0)::int FROM order_tickets o JOIN event_rsvps r ON r.id = o.rsvp_id
          WHERE o.ticket_type_id = t.id AND r.status = 'confirmed') AS held
       FROM ticket_types t WHERE t.event_id = $1`,
      [e.id],
    );
    for (const t of types) {
      expect(t.taken).toBe(t.held);
      if (t.quantity !== null) expect(t.held).toBeLessThanOrEqual(t.quantity);
    }
    const [ev] = await query<{ taken: number }>(db.url, 'SELECT seats_taken AS taken FROM events WHERE id = $1', [e.id]);
    expect(ev!.taken).toBe(types.reduce((n, t) => n + t.held, 0));
    expect(ev!.taken).toBeLessThanOrEqual(150);
  }, 60_000);

  it('an edit in one process shows in the others on their next requests', async () => {
    const e = await createEvent(apps[0]!, { title: 'Before', max_attendees: 50 });
    const title = async (a: AppProcess) =>
      ((await (await fetch(`${a.baseURL}/api/public/events/${e.id}`)).json()) as { event: { title: string } }).event.title;
    for (const a of apps) expect(await title(a)).toBe('Before'); // cached in every process now
    const res = await send(apps[1]!, `/api/events/${e.id}`, 'PATCH', { title: 'After' });
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

  // deploy/Caddyfile as the README runs it, in front of the three (one of them killed above).
  it.skipIf(pooled || !hasCaddy())(
    'deploy/Caddyfile spreads requests over the processes and skips the dead one',
    async () => {
      const port = proxyPort;
      const home = mkdtempSync(path.join(os.tmpdir(), 'turnout-caddy-'));
      const upstreams = apps.map((a) => new URL(a.baseURL).host.replace('localhost', '127.0.0.1')).join(' ');
      const caddy = spawn('caddy', ['run', '--config', path.join(ROOT, 'deploy', 'Caddyfile'), '--adapter', 'caddyfile'], {
        env: {
          PATH: process.env.PATH,
          HOME: home,
          XDG_DATA_HOME: home,
          XDG_CONFIG_HOME: home,
          TURNOUT_SITE: `http://127.0.0.1:${port}`,
          TURNOUT_UPSTREAMS: upstreams,
          CADDY_ADMIN: 'off',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      caddy.stderr?.on('data', (c: Buffer) => {
        out += c.toString();
      });
      try {
        const base = `http://127.0.0.1:${port}`;
        await until(async () => (await fetch(`${base}/livez`).catch(() => null))?.status === 200, 10_000).catch(() => {
          throw new Error(`Caddy did not answer:\n${out}`);
        });
        const e = await createEvent(apps[0]!, { title: 'Proxied', max_attendees: 100 });
        for (let i = 0; i < 9; i++) {
          const res = await fetch(`${base}/api/public/events/${e.id}`);
          expect(res.status, out).toBe(200);
        }
        const answer = await fetch(`${base}/api/public/events/${e.id}/rsvps`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ name: 'Via Proxy', email: 'proxy@example.com', guest_count: 2, status: 'confirmed' }),
        });
        expect(answer.status).toBe(201);
        expect(
          ((await (await fetch(`${base}/api/public/events/${e.id}`)).json()) as { event: { seats_left: number } }).event.seats_left,
        ).toBe(98);
      } finally {
        caddy.kill('SIGTERM');
        rmSync(home, { recursive: true, force: true });
      }
    },
    60_000,
  );
  // A shared cache (nginx's, as a CDN would be) in front of two of the three: the event page's HTML is kept
  // seconds and its seat figures a second, so a launch's page views barely reach the app (ADR 0025).
  it.skipIf(pooled || !hasNginx())(
    'behind a shared cache the event page is served from it; its seat figures stay fresh; nothing private is kept',
    async () => {
      const upstreams = apps.slice(0, 2).map((a) => new URL(a.baseURL).host.replace('localhost', '127.0.0.1'));
      const cache = await startNginxCache(await freePort(), upstreams);
      try {
        const e = await createEvent(apps[0]!, { title: 'Cached launch', max_attendees: 100 });
        const view = async (p: string) => {
          const res = await fetch(`${cache.baseURL}${p}`);
          return {
            status: res.status,
            cache: res.headers.get('x-cache-status'),
            control: res.headers.get('cache-control'),
            body: await res.text(),
          };
        };
        const views = await Promise.all(Array.from({ length: 200 }, () => view(`/event/${e.slug}`)));
        expect(
          views.every((v) => v.status === 200 && v.body.includes('Cached launch')),
          cache.log(),
        ).toBe(true);
        expect(views[0]!.control).toBe('public, max-age=0, s-maxage=5');
        // 200 views at once: the first reached the app, the rest waited for it (proxy_cache_lock) or hit the copy.
        expect(views.filter((v) => v.cache === 'MISS').length).toBe(1);

        // An answer made meanwhile: the cached HTML may still say 100 seats left, the figures endpoint says 99 within a second.
        expect((await rsvp(apps[1]!, e.id, 8000, `cache${Date.now()}`)).status).toBe(201);
        const seats = async () => JSON.parse((await view(`/api/public/events/${e.id}/seats`)).body) as { seats_left: number };
        await until(async () => (await seats()).seats_left === 99, 5_000);
        expect((await view(`/api/public/events/${e.id}/seats`)).control).toBe('public, max-age=0, s-maxage=1');

        // What may differ per person or must be exact is never kept: the JSON API, a missing event's page, a ticket page.
        for (const p of [`/api/public/events/${e.id}`, '/event/no-such-event', '/ticket/not-a-secret']) {
          const [first, second] = [await view(p), await view(p)];
          expect([first.control, second.cache]).toEqual(['no-cache', 'MISS']);
        }
      } finally {
        await cache.stop();
      }
    },
    60_000,
  );
});
