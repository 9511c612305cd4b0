/**
 * Issue 16's restart case with a real process: the built server sends a bulk SMS job to the fake
 * Twilio API (in this process, so it outlives the app and counts what each number received), is
 * killed with SIGKILL while Twilio holds the answer to one text, and a new process finishes the job.
 * docs/decisions/0017-sms.md: nobody is texted twice; the text whose answer was lost is 'unknown'.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZGuestList } from '../../src/common/schemas/guests.responses.ts';
import { ZSmsJobProgress } from '../../src/common/schemas/sms.ts';
import {
  type AppProcess,
  type Browser,
  createEventVia,
  exitCode,
  query,
  sendAs,
  setupOwner,
  spawnApp,
  until,
  waitHealthy,
  withBuiltServer,
} from '../support/app-process.ts';
import { createTestDb, type TestDb } from '../support/db.ts';
import { FAKE_TWILIO, startFakeTwilio } from '../support/fake-twilio.ts';

withBuiltServer('sms-kill', { client: false });

const RECIPIENTS = 40;
/** The first process is killed while Twilio holds its answer to this text (batch 3 of 8). */
const HANG_AT = 13;
const MESSAGE = 'Doors at 7 tonight!';

let firstRun = true;
let arrivals = 0;
let hungTo = '';
let hung!: () => void;
const hangReached = new Promise<void>((resolve) => {
  hung = resolve;
});
const twilio = await startFakeTwilio((sms) => {
  if (sms.body !== MESSAGE) return undefined;
  arrivals++;
  if (firstRun && arrivals === HANG_AT) {
    hungTo = sms.to;
    hung();
    return 'hang';
  }
  return undefined;
});

let db: TestDb;
let env: Record<string, string>;
let browser: Browser;
const apps: AppProcess[] = [];

beforeAll(async () => {
  db = await createTestDb();
  env = {
    DATABASE_URL: db.url,
    PUBLIC_BASE_URL: 'http://localhost:1', // one origin for both processes, as behind a proxy
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
    TWILIO_FROM: FAKE_TWILIO.from,
    TWILIO_API_BASE_URL: twilio.url,
    OUTBOX_WORKER: 'true',
    OUTBOX_POLL_MS: '100',
    OUTBOX_CONCURRENCY: '1', // one text in flight at a time: the kill lands on exactly one
    OUTBOX_LEASE_MS: '8000', // the held text is given up after half of it: far after the kill
    JOB_LEASE_MS: '2000',
    LOG_LEVEL: 'warn',
  };
}, 60_000);

afterAll(async () => {
  for (const a of apps) a.child.kill('SIGTERM');
  await Promise.all(apps.map((a) => exitCode(a).catch(() => null)));
  await twilio.close();
  await db?.drop();
}, 60_000);

async function start(): Promise<AppProcess> {
  const app = await spawnApp(env);
  apps.push(app);
  await waitHealthy(app);
  return app;
}

async function progress(app: AppProcess, jobId: string) {
  const res = await sendAs(app, browser, `/api/sms-jobs/${jobId}`, 'GET');
  expect(res.status, app.output()).toBe(200);
  return ZSmsJobProgress.parse(await res.json());
}

it('a process killed with SIGKILL mid-job: a new one finishes the job and nobody is texted twice', { timeout: 120_000 }, async () => {
  const first = await start();
  browser = await setupOwner(first, env.PUBLIC_BASE_URL!);
  const e = await createEventVia(first, browser, { title: 'Kill Night', max_attendees: 100 });
  const ids: string[] = [];
  for (let i = 0; i < RECIPIENTS; i++) {
    const res = await sendAs(first, browser, `/api/public/events/${e.id}/rsvps`, 'POST', {
      name: `Guest ${i}`,
      email: `guest${i}@example.com`,
      phone: `415 555 07${String(i).padStart(2, '0')}`,
      guest_count: 1,
      status: 'confirmed',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    ids.push(((await res.json()) as { rsvp: { id: string } }).rsvp.id);
  }
  const created = await sendAs(first, browser, `/api/events/${e.id}/sms-jobs`, 'POST', { rsvp_ids: ids, message: MESSAGE });
  expect(created.status, await created.clone().text()).toBe(202);
  const jobId = ((await created.json()) as { job: { id: string } }).job.id;

  // Twilio has taken the 13th text and holds its answer: the first 12 are answered and marked sent.
  await hangReached;
  first.child.kill('SIGKILL');
  expect(await exitCode(first)).toBe(null);
  expect(twilio.received).toHaveLength(HANG_AT);
  const [job] = await query<{ status: string; done: number }>(db.url, 'SELECT status, done FROM jobs WHERE id = $1', [jobId]);
  expect(job!.status).toBe('running');
  expect(job!.done).toBeLessThan(RECIPIENTS); // mid-job: the rest of the recipients are not even queued yet
  const handed = await query<{ to: string; status: string }>(
    db.url,
    `SELECT payload->>'to' AS to, status FROM outbox WHERE channel = 'sms' AND handed_at IS NOT NULL AND status <> 'sent'`,
  );
  expect(handed).toEqual([{ to: hungTo, status: 'sending' }]); // handed over, its answer never recorded
  const [sent] = await query<{ n: number }>(db.url, `SELECT count(*)::int AS n FROM outbox WHERE channel = 'sms' AND status = 'sent'`);
  expect(sent!.n).toBe(HANG_AT - 1);

  // A new process takes the job over once its lease has run out, and the texts the dead one had claimed.
  firstRun = false;
  const second = await start();
  await until(async () => (await progress(second, jobId)).complete, 60_000).catch((err) => {
    throw new Error(`${err}\n${second.output()}`);
  });

  const perRecipient = twilio.perRecipient();
  expect(perRecipient.size).toBe(RECIPIENTS);
  for (const [to, n] of perRecipient) expect(n, to).toBe(1);
  const p = await progress(second, jobId);
  expect(p).toMatchObject({
    status: 'done',
    total: RECIPIENTS,
    processed: RECIPIENTS,
    sent: RECIPIENTS - 1,
    unknown: 1,
    failed: 0,
    queued: 0,
    skipped: 0,
    complete: true,
  });
  expect(p.failures).toEqual([expect.objectContaining({ to: hungTo, outcome: 'unknown' })]);
  // The guest list shows it on the guest's row, so the host can decide whether to text them again.
  const list = await sendAs(second, browser, `/api/events/${e.id}/rsvps`, 'GET'); // one page holds all 40
  const row = ZGuestList.parse(await list.json()).rows.find((r) => r.phone === hungTo);
  expect(row?.sms).toMatchObject({ status: 'unknown', error: expect.stringMatching(/not retried/) });
});
