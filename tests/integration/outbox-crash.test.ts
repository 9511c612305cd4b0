import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { messageIdFor } from '../../src/server/integrations/smtp.ts';
import { enqueueEmail } from '../../src/server/domain/enqueue.ts';
import { createTestApp } from '../support/app.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

const COUNT = 10;
const HELD = 4; // the worker is killed while this delivery is in flight
const LEASE_MS = 2000; // the held message is the dead worker's until then

// The first worker's 4th message is held before the server answers, so the kill lands mid-batch and
// mid-delivery (the row claimed under a lease, the mail not accepted) at a known point, not after a
// guessed delay.
let firstRun = true;
let held!: () => void;
const heldInFlight = new Promise<void>((resolve) => {
  held = resolve;
});
const smtp = await startSmtpSink(async (_mail, arrival) => {
  if (firstRun && arrival === HELD) {
    held();
    await new Promise(() => {}); // never answered: the sender dies waiting
  }
  return undefined;
});
const t = await createTestApp({ SMTP_URL: smtp.url });
afterAll(async () => {
  t.deps.channels.close(); // first: the sink would otherwise wait for the pool's idle connections
  await smtp.close();
});

const APP_NAME = 'turnout-outbox-crash-child';

function startChild(): ChildProcess {
  const url = new URL(t.url);
  url.searchParams.set('application_name', APP_NAME);
  return spawn('npx', ['tsx', 'tests/support/outbox-drain-child.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    detached: true, // its own process group: npx → tsx → node all die together
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'turnout-crash-')),
      DATABASE_URL: url.toString(),
      SMTP_URL: smtp.url,
      MAIL_FROM: t.env.MAIL_FROM,
      OUTBOX_LEASE_MS: String(LEASE_MS),
      OUTBOX_CONCURRENCY: '1', // one delivery at a time: messages 1–3 are marked sent before the 4th leaves
    },
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) => {
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });

const count = async (where: ReturnType<typeof sql>) =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where ${where}`)).rows[0]?.n;

/** Until PostgreSQL has noticed the dead worker's connections (and rolled back its transaction). */
async function childConnectionsGone() {
  for (;;) {
    const r = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where application_name = ${APP_NAME}`);
    if (r.rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('a worker killed with SIGKILL mid-batch: once its lease has run out the rest are sent, nothing twice', { timeout: 60_000 }, async () => {
  const keys = Array.from({ length: COUNT }, (_, i) => `crash:${i}`);
  for (const [i, key] of keys.entries()) {
    await t.db.transaction((tx) => enqueueEmail(tx, key, { to: `guest${i}@example.com`, subject: `Invite ${i}`, text: `Hello ${i}` }));
  }

  const first = startChild();
  const firstExit = exited(first);
  await heldInFlight;
  process.kill(-(first.pid as number), 'SIGKILL');
  expect((await firstExit).signal).toBe('SIGKILL');
  expect(smtp.accepted).toHaveLength(HELD - 1);
  await childConnectionsGone();

  // The dead worker had claimed them all in one batch: the unsent ones stay its own until the lease ends.
  expect(await count(sql`status = 'sent'`)).toBe(HELD - 1);
  expect(await count(sql`status = 'sending' and attempts = 1`)).toBe(COUNT - (HELD - 1));

  // Then a new worker takes them.
  for (;;) {
    if ((await count(sql`status = 'sending' and next_attempt_at <= now()`)) === COUNT - (HELD - 1)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  firstRun = false;
  const second = await exited(startChild());
  expect(second.code, second.output).toBe(0);
  expect(second.output).toContain(`sent ${COUNT - (HELD - 1)}`);

  const perId = smtp.acceptedPerMessageId();
  expect(perId.size).toBe(COUNT);
  for (const key of keys) expect(perId.get(messageIdFor(key, t.env.MAIL_FROM)), key).toBe(1);
  expect(await count(sql`status = 'sent' and attempts = 1`)).toBe(HELD - 1);
  expect(await count(sql`status = 'sent' and attempts = 2`)).toBe(COUNT - (HELD - 1));
});
