import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { messageIdFor } from '../../src/server/integrations/smtp.ts';
import { enqueueEmail, enqueueSms } from '../../src/server/domain/enqueue.ts';
import { BASE_BACKOFF_MS, backoffMs, MAX_ATTEMPTS, MAX_BACKOFF_MS } from '../../src/server/modules/outbox/retry-policy.ts';
import { Channels } from '../../src/server/integrations/channels.ts';
import { CLAIM_BATCH } from '../../src/server/modules/outbox/outbox-store.ts';
import { drainOutbox, startOutboxWorker } from '../../src/server/modules/outbox/worker.ts';
import { createTestApp } from '../support/app.ts';
import { FAKE_TWILIO, startFakeTwilio } from '../support/fake-twilio.ts';
import { type SinkReply, startSmtpSink } from '../support/smtp-sink.ts';

/** Per-recipient behaviour of the SMTP server, set by each test. */
const smtpRules = new Map<string, (attempt: number) => SinkReply | Promise<SinkReply>>();
const attemptsTo = new Map<string, number>();
const smtp = await startSmtpSink((mail) => {
  const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
  const n = (attemptsTo.get(to) ?? 0) + 1;
  attemptsTo.set(to, n);
  return smtpRules.get(to)?.(n);
});
const twilio = await startFakeTwilio((sms) =>
  sms.to === '+15005550001'
    ? { status: 400, code: 21211, message: "The 'To' number is not valid." }
    : sms.to === '+15005550002'
      ? { status: 503, code: 20503, message: 'Service unavailable' }
      : undefined,
);
const t = await createTestApp({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Turnout <tickets@turnout.test>',
  TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
  TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
  TWILIO_FROM: FAKE_TWILIO.from,
  TWILIO_API_BASE_URL: twilio.url,
  OUTBOX_POLL_MS: '20',
});
afterAll(async () => {
  t.deps.channels.close(); // first: the sink would otherwise wait for the pool's idle connections
  await smtp.close();
  await twilio.close();
});

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const mail = (to: string, extra: Partial<EmailPayload> = {}): EmailPayload => ({
  to,
  subject: `Hello ${to}`,
  text: `Text for ${to}`,
  ...extra,
});

async function row(key: string) {
  const [r] = await t.db.select().from(outbox).where(eq(outbox.idempotency_key, key));
  if (!r) throw new Error(`no outbox row ${key}`);
  return r;
}

/** Lets time pass for the outbox: every pending message becomes due now. */
const makeDue = () => t.db.execute(sql`update outbox set next_attempt_at = now() where status = 'pending'`);
const dbNow = async () => (await t.db.execute<{ now: string }>(sql`select clock_timestamp()::text as now`)).rows[0]?.now as string;
const secondsBetween = async (a: Date | string, b: Date | string) =>
  Number(
    (await t.db.execute<{ s: string }>(sql`select extract(epoch from (${b}::timestamptz - ${a}::timestamptz))::text as s`)).rows[0]?.s,
  );

/** A promise and the function that resolves it: a test holds a delivery until it opens the gate. */
function gate(): [Promise<void>, () => void] {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return [opened, open];
}

describe('retry policy', () => {
  it('doubles the delay per failure, jittered between half and all of it, capped', () => {
    expect(backoffMs(1, () => 0)).toBe(BASE_BACKOFF_MS / 2);
    expect(backoffMs(1, () => 1)).toBe(BASE_BACKOFF_MS);
    expect(backoffMs(3, () => 0.5)).toBe(BASE_BACKOFF_MS * 4 * 0.75);
    expect(backoffMs(40, () => 1)).toBe(MAX_BACKOFF_MS);
    expect(MAX_ATTEMPTS).toBeGreaterThan(1);
  });
});

describe('e-mail over SMTP', () => {
  it('delivers an e-mail with text, HTML, an inline image and an attachment to a real SMTP server', async () => {
    const key = 'test:smtp:full';
    await t.db.transaction((tx) =>
      enqueueEmail(tx, key, {
        to: 'guest@example.com',
        subject: 'Your ticket for Summer Party',
        text: 'See you there!',
        html: '<p>See you <b>there</b>!</p><img src="cid:logo@turnout" alt="logo">',
        attachments: [
          { filename: 'logo.png', contentType: 'image/png', contentBase64: PNG_1PX, cid: 'logo@turnout' },
          {
            filename: 'event.ics',
            contentType: 'text/calendar',
            contentBase64: Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n').toString('base64'),
          },
        ],
      }),
    );
    const before = smtp.accepted.length;
    expect(await drainOutbox(t.deps)).toBe(1);

    const got = smtp.accepted.slice(before);
    expect(got).toHaveLength(1);
    const m = got[0];
    expect(m?.subject).toBe('Your ticket for Summer Party');
    expect(m?.text?.trim()).toBe('See you there!');
    expect(m?.html).toContain('See you <b>there</b>!');
    expect(m?.from?.value[0]).toMatchObject({ name: 'Turnout', address: 'tickets@turnout.test' });
    expect(m?.messageId).toBe(messageIdFor(key, 'Turnout <tickets@turnout.test>'));
    const logo = m?.attachments.find((a) => a.filename === 'logo.png');
    expect(logo).toMatchObject({ contentType: 'image/png', cid: 'logo@turnout' });
    expect(logo?.content.toString('base64')).toBe(PNG_1PX);
    const ics = m?.attachments.find((a) => a.filename === 'event.ics');
    expect(ics?.contentType).toBe('text/calendar');
    expect(ics?.content.toString()).toContain('BEGIN:VCALENDAR');

    expect(await row(key)).toMatchObject({
      status: 'sent',
      delivered_via: 'smtp',
      attempts: 1,
      last_error: null,
      sent_at: expect.any(Date),
    });
    expect(await drainOutbox(t.deps)).toBe(0);
  });

  it('keeps one message per idempotency key, and sends only committed ones', async () => {
    const key = 'test:smtp:once';
    expect(await t.db.transaction((tx) => enqueueEmail(tx, key, mail('once@example.com')))).toBe(true);
    expect(await t.db.transaction((tx) => enqueueEmail(tx, key, mail('once@example.com')))).toBe(false);
    await t.db
      .transaction(async (tx) => {
        await enqueueEmail(tx, 'test:smtp:rolled-back', mail('never@example.com'));
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await drainOutbox(t.deps)).toBe(1);
    expect(smtp.accepted.filter((m) => m.subject === 'Hello once@example.com')).toHaveLength(1);
    expect(smtp.arrived.filter((m) => m.subject === 'Hello never@example.com')).toHaveLength(0);
  });

  it('commits its claim before the message leaves: while SMTP holds it, the row is already "sending" to everyone', async () => {
    const to = 'slow@example.com';
    const key = 'test:smtp:claim-first';
    let release!: () => void;
    const [inFlight, arrived] = gate();
    smtpRules.set(to, () => {
      arrived();
      return new Promise<SinkReply>((resolve) => {
        release = () => resolve(undefined);
      });
    });
    await t.db.transaction((tx) => enqueueEmail(tx, key, mail(to)));
    const draining = drainOutbox(t.deps);
    await inFlight;
    // Seen from another connection while the worker waits on SMTP: claimed, attempt counted, under a lease.
    const during = await row(key);
    expect(during).toMatchObject({ status: 'sending', attempts: 1, sent_at: null });
    expect(await secondsBetween(await dbNow(), during.next_attempt_at)).toBeGreaterThan(60);
    release();
    expect(await draining).toBe(1);
    expect(await row(key)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a refused message with exponential backoff, then delivers it', async () => {
    const to = 'flaky@example.com';
    const key = 'test:smtp:flaky';
    smtpRules.set(to, (n) => (n <= 2 ? { code: 451, message: 'Try again later' } : undefined));
    await t.db.transaction((tx) => enqueueEmail(tx, key, mail(to)));

    for (const failure of [1, 2]) {
      const start = await dbNow();
      expect(await drainOutbox(t.deps)).toBe(0);
      const end = await dbNow();
      const r = await row(key);
      expect(r).toMatchObject({ status: 'pending', attempts: failure, sent_at: null });
      expect(r.last_error).toMatch(/451|Try again later/);
      const ceiling = (BASE_BACKOFF_MS * 2 ** (failure - 1)) / 1000;
      expect(await secondsBetween(start, r.next_attempt_at)).toBeGreaterThanOrEqual(ceiling / 2);
      expect(await secondsBetween(end, r.next_attempt_at)).toBeLessThanOrEqual(ceiling);
      // Not due yet: nothing is attempted.
      expect(await drainOutbox(t.deps)).toBe(0);
      expect(attemptsTo.get(to)).toBe(failure);
      await makeDue();
    }

    expect(await drainOutbox(t.deps)).toBe(1);
    expect(await row(key)).toMatchObject({ status: 'sent', delivered_via: 'smtp', attempts: 3, last_error: null });
    expect(attemptsTo.get(to)).toBe(3);
    const messageId = messageIdFor(key, t.env.MAIL_FROM);
    expect(smtp.acceptedPerMessageId().get(messageId)).toBe(1);
    // Every attempt carried the same Message-ID, so a receiver can drop a repeat.
    const tries = smtp.arrived.filter((m) => m.subject === `Hello ${to}`);
    expect(tries.map((m) => m.messageId)).toEqual([messageId, messageId, messageId]);
  });

  it(`marks a message dead after ${MAX_ATTEMPTS} failed attempts and stops trying`, async () => {
    const to = 'bounce@example.com';
    const key = 'test:smtp:dead';
    smtpRules.set(to, () => ({ code: 450, message: 'Mailbox unavailable' }));
    await t.db.transaction((tx) => enqueueEmail(tx, key, mail(to)));

    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      expect(await drainOutbox(t.deps)).toBe(0);
      expect((await row(key)).attempts).toBe(i);
      await makeDue();
    }
    const dead = await row(key);
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, sent_at: null, delivered_via: null });
    expect(dead.last_error).toMatch(/Mailbox unavailable/);

    await t.db.update(outbox).set({ next_attempt_at: sql`now()` }).where(eq(outbox.idempotency_key, key));
    expect(await drainOutbox(t.deps)).toBe(0);
    expect(attemptsTo.get(to)).toBe(MAX_ATTEMPTS);
  });
});

describe('SMS over Twilio', () => {
  it('sends an SMS through the Twilio SDK to the (fake) Twilio API', async () => {
    await t.db.transaction((tx) => enqueueSms(tx, 'test:sms:ok', { to: '+14155550123', body: 'Your ticket: https://x.test/t/1' }));
    expect(await drainOutbox(t.deps)).toBe(1);
    expect(twilio.received).toEqual([
      expect.objectContaining({ to: '+14155550123', from: FAKE_TWILIO.from, body: 'Your ticket: https://x.test/t/1' }),
    ]);
    expect(await row('test:sms:ok')).toMatchObject({ status: 'sent', delivered_via: 'twilio', attempts: 1 });
  });

  it('records a Twilio outage and retries later', async () => {
    await t.db.transaction((tx) => enqueueSms(tx, 'test:sms:down', { to: '+15005550002', body: 'Hi' }));
    expect(await drainOutbox(t.deps)).toBe(0);
    const r = await row('test:sms:down');
    expect(r).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r.last_error).toBe('Twilio 20503: Service unavailable');
    await t.db.update(outbox).set({ status: 'dead' }).where(eq(outbox.idempotency_key, 'test:sms:down'));
  });

  it("gives up at once on a number Twilio refuses (4xx), keeping Twilio's reason", async () => {
    await t.db.transaction((tx) => enqueueSms(tx, 'test:sms:bad', { to: '+15005550001', body: 'Hi' }));
    expect(await drainOutbox(t.deps)).toBe(0);
    const r = await row('test:sms:bad');
    expect(r).toMatchObject({ status: 'dead', attempts: 1 });
    expect(r.last_error).toBe("Twilio 21211: The 'To' number is not valid.");
  });
});

describe('several workers on one database', () => {
  it('two workers deliver every message exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    // The first two deliveries are held until both are in flight at once: the workers must be
    // working side by side on different rows (each on its own claimed batch), and a worker that
    // blocked on (or re-sent) a row the other one holds would never get there.
    const [bothInFlight, release] = gate();
    let inFlight = 0;
    const count = 2 * CLAIM_BATCH + 5; // a batch each, and some left for whichever finishes first
    for (let i = 0; i < count; i++) {
      const to = `pair-${i}@example.com`;
      smtpRules.set(to, async () => {
        if (inFlight < 2) {
          inFlight++;
          if (inFlight === 2) release();
          await bothInFlight;
        }
        return undefined;
      });
      await t.db.transaction((tx) => enqueueEmail(tx, `test:pair:${i}`, mail(to)));
    }
    const otherDb = createDb(t.url, 2);
    // One delivery at a time each: two in flight then means two workers, not two lanes of one.
    const oneEnv = { ...t.env, OUTBOX_CONCURRENCY: 1 };
    const one = { ...t.deps, env: oneEnv, channels: new Channels(oneEnv) };
    const other = { env: oneEnv, db: otherDb, log: t.deps.log, channels: new Channels(oneEnv) };
    try {
      const before = smtp.accepted.length;
      const [a, b] = await Promise.all([drainOutbox(one), drainOutbox(other)]);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
      expect(a + b).toBe(count);
      const got = smtp.accepted.slice(before);
      expect(got).toHaveLength(count);
      expect(new Set(got.map((m) => m.messageId)).size).toBe(count);
      const statuses = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from outbox where idempotency_key like 'test:pair:%' and status = 'sent'`,
      );
      expect(statuses.rows[0]?.n).toBe(count);
    } finally {
      one.channels.close();
      other.channels.close();
      await otherDb.$client.end();
    }
  });
});

describe("the claim's candidates", () => {
  it('come from the due index in order, read no further than the window, even with statistics from before a rush', async () => {
    const client = await t.db.$client.connect();
    try {
      await client.query('BEGIN');
      // The statistics of a new install before its first rush: the table analysed while empty, no column
      // statistics (ANALYZE of an empty table keeps the old ones, so the earlier tests' are deleted; the
      // tests connect as a superuser). Then 3,000 answers' e-mails arrive. All in this transaction only,
      // rolled back.
      await client.query('TRUNCATE outbox CASCADE');
      await client.query('ANALYZE outbox');
      await client.query(`DELETE FROM pg_statistic WHERE starelid = 'outbox'::regclass`);
      await client.query(
        `INSERT INTO outbox (channel, idempotency_key, payload, supersede_key, supersede_rank, next_attempt_at)
         SELECT 'email', 'test:rush:' || n, jsonb_build_object('to', 'rush' || n || '@example.com', 'subject', 'Hello', 'text', repeat('x', 900)),
                'rsvp:rush:' || n, 1, now() - interval '1 hour' + n * interval '1 ms'
         FROM generate_series(1, 3000) n`,
      );
      const explain = async () => {
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }>(
          'EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT * FROM turnout_outbox_due(100)',
        );
        const plan = rows[0]!['QUERY PLAN'][0].Plan;
        return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
      };
      const { rows } = await client.query<{ key: string }>(
        `SELECT o.idempotency_key AS key FROM turnout_outbox_due(100) WITH ORDINALITY d (id, k, r, n) JOIN outbox o USING (id) ORDER BY d.n`,
      );
      expect(rows.map((r) => r.key)).toEqual(Array.from({ length: 100 }, (_, i) => `test:rush:${i + 1}`));
      // Buffer reads, not time: the first 100 rows (and their row locks) take about 120 here; reading every
      // due row to sort them, as the planner's defaults do on these statistics, about 550.
      const pages = await explain();
      expect(pages).toBeLessThan(250);
      // The same query under the planner's defaults: it trusts the statistics and reads every due row.
      await client.query('ALTER FUNCTION turnout_outbox_due(integer) RESET ALL');
      expect(await explain()).toBeGreaterThan(2 * pages);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('newer messages of one supersede_key', () => {
  it('never overtake an older one still in flight, even in a batch claimed while it goes out', async () => {
    // The older e-mail is the first of more than a batch, and the SMTP server holds it. Meanwhile the
    // newer one is queued, followed by more mail: the lanes deliver the rest, claiming the next batch
    // as the first runs out, and that claim must leave the newer one alone until the older one is sent.
    const to = 'supersede-order@example.com';
    const supersede = { key: 'test:order:rsvp' };
    const [olderArrived, arrivedOlder] = gate();
    const [olderGoes, releaseOlder] = gate();
    const [fillersGo, letFillersGo] = gate();
    const [fillersDone, allFillersDone] = gate();
    let olderHeld = true;
    let newerWhileOlderHeld = false;
    smtpRules.set(to, async (n) => {
      if (n === 1) {
        arrivedOlder();
        await olderGoes;
        olderHeld = false;
      } else if (olderHeld) newerWhileOlderHeld = true;
      return undefined;
    });
    const early = CLAIM_BATCH + 5;
    const late = 10;
    let fillersArrived = 0;
    const filler = async (i: number) => {
      const fillerTo = `order-filler-${i}@example.com`;
      smtpRules.set(fillerTo, async () => {
        await fillersGo;
        if (++fillersArrived === early + late) allFillersDone();
        return undefined;
      });
      await t.db.transaction((tx) => enqueueEmail(tx, `test:order:filler:${i}`, mail(fillerTo)));
    };
    await t.db.transaction((tx) => enqueueEmail(tx, 'test:order:older', mail(to, { subject: 'older' }), { ...supersede, rank: 1 }));
    for (let i = 0; i < early; i++) await filler(i);
    const before = smtp.arrived.length;
    const draining = drainOutbox(t.deps);
    await olderArrived;
    await t.db.transaction((tx) => enqueueEmail(tx, 'test:order:newer', mail(to, { subject: 'newer' }), { ...supersede, rank: 2 }));
    for (let i = early; i < early + late; i++) await filler(i);
    letFillersGo();
    await fillersDone;
    expect(newerWhileOlderHeld).toBe(false);
    expect((await row('test:order:newer')).status).toBe('pending');
    releaseOlder();
    await draining;
    expect(await row('test:order:older')).toMatchObject({ status: 'sent' });
    await drainOutbox(t.deps);
    expect(await row('test:order:newer')).toMatchObject({ status: 'sent' });
    const subjects = smtp.arrived
      .slice(before)
      .filter((m) => m.subject === 'older' || m.subject === 'newer')
      .map((m) => m.subject);
    expect(subjects).toEqual(['older', 'newer']);
    expect(newerWhileOlderHeld).toBe(false);
  });

  it('an older one abandoned mid-delivery (its lease run out) is marked superseded, not left at the head of the queue', async () => {
    const to = 'supersede-abandoned@example.com';
    const supersede = { key: 'test:abandoned:rsvp' };
    await t.db.transaction((tx) =>
      enqueueEmail(tx, 'test:abandoned:older', mail(to, { subject: 'abandoned older' }), { ...supersede, rank: 1 }),
    );
    // Its worker claimed it and died: 'sending', one attempt, the lease over a minute ago.
    await t.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, next_attempt_at: sql`now() - interval '1 minute'` })
      .where(eq(outbox.idempotency_key, 'test:abandoned:older'));
    await t.db.transaction((tx) =>
      enqueueEmail(tx, 'test:abandoned:newer', mail(to, { subject: 'abandoned newer' }), { ...supersede, rank: 2 }),
    );
    const before = smtp.arrived.length;
    await drainOutbox(t.deps);
    expect(await row('test:abandoned:older')).toMatchObject({ status: 'superseded' });
    expect(await row('test:abandoned:newer')).toMatchObject({ status: 'sent' });
    expect(smtp.arrived.slice(before).map((m) => m.subject)).toEqual(['abandoned newer']);
  });
});

describe('concurrent delivery', () => {
  it('has up to OUTBOX_CONCURRENCY messages in flight, over that many reused SMTP connections', async () => {
    const lanes = t.env.OUTBOX_CONCURRENCY;
    const count = 3 * lanes;
    let inFlight = 0;
    let most = 0;
    const [full, allLanesBusy] = gate();
    for (let i = 0; i < count; i++) {
      const to = `lane-${i}@example.com`;
      smtpRules.set(to, async () => {
        most = Math.max(most, ++inFlight);
        if (inFlight === lanes) allLanesBusy();
        // The first messages wait until every lane holds one (or 2 s: fewer lanes then fail below).
        await Promise.race([full, new Promise((r) => setTimeout(r, 2000))]);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return undefined;
      });
      await t.db.transaction((tx) => enqueueEmail(tx, `test:lane:${i}`, mail(to)));
    }
    t.deps.channels.close(); // a fresh pool: count only this test's connections
    const connectionsBefore = smtp.connections();
    expect(await drainOutbox(t.deps)).toBe(count);
    expect(most).toBe(lanes);
    expect(smtp.connections() - connectionsBefore).toBeLessThanOrEqual(lanes);
    const sent = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox where idempotency_key like 'test:lane:%' and status = 'sent'`,
    );
    expect(sent.rows[0]?.n).toBe(count);
  });

  it('has one message in flight while the process serves requests, every lane once a message has waited 10 s', async () => {
    const count = 3 * t.env.OUTBOX_CONCURRENCY;
    let inFlight = 0;
    let most = 0;
    for (let i = 0; i < count; i++) {
      const to = `busy-lane-${i}@example.com`;
      smtpRules.set(to, async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 20)); // long enough for a second lane to start, were it let
        inFlight--;
        return undefined;
      });
      await t.db.transaction((tx) => enqueueEmail(tx, `test:busy-lane:${i}`, mail(to)));
    }
    // A process answering far more than 20 requests a second: every look at the counter finds 1,000 more.
    let served = 0;
    const busyMetrics = {
      get requestsServed() {
        served += 1000;
        return served;
      },
    };
    expect(await drainOutbox({ ...t.deps, metrics: busyMetrics })).toBe(count);
    expect(most).toBe(1);

    // Messages that have waited 10 s or more go out on every lane, busy or not.
    const lanes = t.env.OUTBOX_CONCURRENCY;
    inFlight = 0;
    most = 0;
    const [full, allLanesBusy] = gate();
    for (let i = 0; i < count; i++) {
      const to = `late-lane-${i}@example.com`;
      smtpRules.set(to, async () => {
        most = Math.max(most, ++inFlight);
        if (inFlight === lanes) allLanesBusy();
        await Promise.race([full, new Promise((r) => setTimeout(r, 2000))]);
        inFlight--;
        return undefined;
      });
      await t.db.transaction((tx) => enqueueEmail(tx, `test:late-lane:${i}`, mail(to)));
    }
    await t.db.execute(sql`update outbox set created_at = now() - interval '11 seconds' where idempotency_key like 'test:late-lane:%'`);
    expect(await drainOutbox({ ...t.deps, metrics: busyMetrics })).toBe(count);
    expect(most).toBe(lanes);
  });
});

describe('a delivery that outlives half the lease', () => {
  it('is given up and rescheduled, and the drain goes on', async () => {
    const to = 'stuck@example.com';
    const [stuck, letGo] = gate();
    smtpRules.set(to, async () => {
      await stuck;
      return undefined;
    });
    await t.db.transaction((tx) => enqueueEmail(tx, 'test:stuck', mail(to)));
    const shortEnv = { ...t.env, OUTBOX_LEASE_MS: 1000 };
    const shortLease = { ...t.deps, env: shortEnv, channels: new Channels(shortEnv) };
    try {
      expect(await drainOutbox(shortLease)).toBe(0);
      const r = await row('test:stuck');
      expect(r).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
      expect(r.last_error).toMatch(/longer than half the lease/);
    } finally {
      letGo();
      shortLease.channels.close();
      await t.db.update(outbox).set({ status: 'dead' }).where(eq(outbox.idempotency_key, 'test:stuck'));
    }
  });
});

describe('startOutboxWorker', () => {
  it('polls, delivers, and stop() waits for the delivery in flight', async () => {
    const to = 'polled@example.com';
    const [inFlight, arrived] = gate();
    const [held, letGo] = gate();
    smtpRules.set(to, async () => {
      arrived();
      await held;
      return undefined;
    });
    // One delivery at a time: one claim takes all three (oldest first); stopping while the first is
    // in flight hands the others back.
    const worker = startOutboxWorker({ ...t.deps, env: { ...t.env, OUTBOX_CONCURRENCY: 1 } });
    await t.db.insert(outbox).values(
      [
        ['test:poll', mail(to)],
        ['test:poll:2', mail('after-stop-1@example.com')],
        ['test:poll:3', mail('after-stop-2@example.com')],
      ].map(([key, payload], i) => ({
        channel: 'email' as const,
        idempotency_key: key as string,
        payload: payload as EmailPayload,
        created_at: new Date(Date.now() - 1000 * (3 - i)),
      })),
    );
    await inFlight;

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    letGo();
    await stopping;
    expect(await row('test:poll')).toMatchObject({ status: 'sent', delivered_via: 'smtp' });
    for (const key of ['test:poll:2', 'test:poll:3'])
      expect(await row(key), key).toMatchObject({ status: 'pending', attempts: 0, sent_at: null });
    expect(await drainOutbox(t.deps)).toBe(2);
  });

  it('with every lane busy, stop() waits for all of them and hands back the messages not started', async () => {
    const lanes = t.env.OUTBOX_CONCURRENCY;
    let arrivedCount = 0;
    const [busy, allArrived] = gate();
    const [held, letGo] = gate();
    const keys = Array.from({ length: lanes + 2 }, (_, i) => `test:lanes-stop:${i}`);
    for (const [i, key] of keys.entries()) {
      const to = `lanes-stop-${i}@example.com`;
      smtpRules.set(to, async () => {
        if (++arrivedCount === lanes) allArrived();
        await held;
        return undefined;
      });
      await t.db
        .insert(outbox)
        .values({ channel: 'email', idempotency_key: key, payload: mail(to), created_at: new Date(Date.now() - 1000 * (keys.length - i)) });
    }
    const worker = startOutboxWorker(t.deps);
    await busy;
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    letGo();
    await stopping;
    for (const key of keys.slice(0, lanes)) expect(await row(key), key).toMatchObject({ status: 'sent', delivered_via: 'smtp' });
    for (const key of keys.slice(lanes)) expect(await row(key), key).toMatchObject({ status: 'pending', attempts: 0, sent_at: null });
    expect(arrivedCount).toBe(lanes);
    expect(await drainOutbox(t.deps)).toBe(2);
  });
});
