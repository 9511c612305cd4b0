import { and, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { outbox, type QueuedEmail, type SmsPayload } from '../../db/schema/outbox.ts';
import type { Deps } from '../../http/context.ts';
import type { Metrics } from '../../http/metrics.ts';
import type { Logger } from '../../logger.ts';
import type { Channels } from '../../integrations/channels.ts';
import { type DeliveredVia, deliverMessage, keptInMailbox } from './deliver-message.ts';
import { isPermanentSmsFailure, noteSmsFailure, providerError, smsNeverLeft } from '../sms/opt-outs.ts';
import { backoffMs, MAX_ATTEMPTS } from './retry-policy.ts';

/** `metrics`: this process's request counter; without it (a lone drain) the worker never rests between batches. */
type WorkerDeps = Pick<Deps, 'env' | 'db' | 'log' | 'channels'> & { metrics?: Pick<Metrics, 'requestsServed'> };
type Outcome = 'sent' | 'retry' | 'dead' | 'unknown' | 'lost';

function errorText(err: unknown): string {
  const { code } = providerError(err);
  const text =
    code !== undefined
      ? `Twilio ${code}: ${providerError(err).message}`
      : err instanceof Error
        ? `${err.name}: ${err.message}`
        : String(err);
  return text.slice(0, 2000);
}

type Claimed = {
  id: string;
  channel: 'email' | 'sms';
  idempotency_key: string;
  payload: QueuedEmail | SmsPayload;
  attempts: number;
  created_at: Date;
  /** Its age when it was claimed, in ms. */
  age_ms: number;
};

/*
 * The two supersede checks below are written `key is null or not exists (…)`. The meaning is that of the
 * bare `not exists` (a null key matches nothing), but PostgreSQL does not turn a sub-select under OR into
 * an anti-join: it stays a probe of the key's index for each candidate row. As an anti-join the planner,
 * on the statistics of a table that a rush is filling, once chose to collect every 'sending' entry of
 * the in-flight index instead, thousands of them dead until vacuum came, for a handful of live ones
 * (ADR 0019).
 */

/** No message of the same supersede_key as `row` has a higher rank (queued, sent or failed alike). */
const notOutranked = (row: SQL) =>
  sql`(${row}.supersede_key is null or not exists (select 1 from ${outbox} newer where newer.supersede_key = ${row}.supersede_key and newer.supersede_rank > ${row}.supersede_rank))`;

/**
 * No other message of the same supersede_key as `row` is claimed under a live lease (queued in a worker
 * or on its way): the worker claims its next batch while the last one is still going out (ADR 0019),
 * and a newer answer's e-mail must not overtake the older one still in flight. It waits for that one's
 * outcome: once sent it goes next; once released or rescheduled, the older one is outranked instead.
 */
const noneInFlight = (row: SQL) =>
  sql`(${row}.supersede_key is null or not exists (select 1 from ${outbox} other where other.supersede_key = ${row}.supersede_key and other.id <> ${row}.id and other.status = 'sending' and other.next_attempt_at > now()))`;

/**
 * Marks the waiting messages that a newer one of their supersede_key outranked: they are never sent.
 * Waiting includes an e-mail whose worker died mid-delivery (its lease ran out, nothing handed to
 * Twilio): left as it was, it would head the due index for ever and take a slot of every claim's window.
 */
async function sweepSuperseded(deps: WorkerDeps, log: Logger): Promise<void> {
  const waiting = or(
    eq(outbox.status, 'pending'),
    and(eq(outbox.status, 'sending'), isNull(outbox.handed_at), lte(outbox.next_attempt_at, sql`now()`)),
  );
  const swept = await deps.db
    .update(outbox)
    .set({ status: 'superseded', last_error: null })
    .where(and(waiting, isNotNull(outbox.supersede_key), sql`not (${notOutranked(sql`${outbox}`)})`))
    .returning({ id: outbox.id, key: outbox.idempotency_key });
  for (const m of swept) log.info({ outboxId: m.id, key: m.key }, 'message superseded by a newer one; not sent');
}

/**
 * SMS whose worker handed them to Twilio and then died (or gave up waiting) before recording the
 * answer: once their lease has run out they are marked 'unknown' and never sent again
 * (docs/decisions/0017-sms.md: at most once — Twilio has no idempotency key for messages).
 */
async function sweepUnknown(deps: WorkerDeps, log: Logger): Promise<void> {
  const swept = await deps.db
    .update(outbox)
    .set({ status: 'unknown', last_error: UNKNOWN_OUTCOME })
    .where(and(eq(outbox.status, 'sending'), isNotNull(outbox.handed_at), lte(outbox.next_attempt_at, sql`now()`)))
    .returning({ id: outbox.id, key: outbox.idempotency_key });
  for (const m of swept)
    log.warn({ outboxId: m.id, key: m.key }, 'SMS handed to Twilio with no answer recorded; outcome unknown, not sent again');
}

/** What the host reads for an SMS whose outcome is unknown. */
export const UNKNOWN_OUTCOME = "Twilio's answer was lost: it may or may not have been sent; not retried, so nobody gets it twice.";

/**
 * Messages one claim takes: one synchronous commit (a WAL flush) for all of them, few enough to share
 * the work between workers. A short claim means the queue is empty: the drain ends there and the next
 * poll takes what came meanwhile, so a rush of RSVPs costs a flush per batch, not one per message,
 * next to the RSVPs' own flushes. While the process is busy a batch is also how long the lanes wait
 * for the slowest of them before the next claim: 50 keeps that tail short next to the batch (ADR 0019);
 * otherwise the next claim is made while the batch goes out.
 */
export const CLAIM_BATCH = 50;

/**
 * While this process serves requests (an RSVP rush queues an e-mail per answer), the drain rests after
 * a full batch this fraction of the time the batch took, so the guests' requests get a share of the
 * machine, and the worker backs off by itself when a busy machine makes its batches slow. Measured in
 * the bench's rush (10k answers in ~7 s): a fixed 100 ms rest after each batch delivered the last
 * e-mail 47 s (dev mailbox) or 72 s (SMTP) after the last answer, this 4 s and 30 s, with the same
 * RSVP figures within the machine's noise.
 */
const BATCH_REST_RATIO = 0.5;
/** …but never longer than this: a slow provider (waiting, not working) makes long batches too. */
const MAX_REST_MS = 100;
/**
 * …and only while requests come at least this fast: once the rush is over nobody needs the machine
 * back, and resting a third of the time only made the last guests wait longer for their e-mail
 * (ADR 0019). A visitor now and then is no reason to rest.
 */
const BUSY_REQUESTS_PER_SECOND = 20;
/**
 * While the process is busy, one lane delivers and the others wait, looking again this often: four
 * lanes pumping a batch out at once held the event loop in bursts, and every request that came during
 * one waited behind it — door scans beside an RSVP rush had p95 23–49 ms with four lanes, 17–20 ms with
 * one (ADR 0014). Once the requests stop, every lane delivers again…
 */
const BUSY_LANE_WAIT_MS = 25;
/** …and so they do once the next message has waited this long: traffic defers e-mail, never starves it. */
const MAX_BUSY_DEFER_MS = 10_000;

/**
 * The due messages claimBatch looks at for one batch: the batch twice over, so the rare message a
 * supersede check holds back (its key in flight, or outranked since the last sweep) leaves the claim
 * full.
 */
const CLAIM_WINDOW = 2 * CLAIM_BATCH;

/**
 * Step 1, one autocommitted statement: the oldest due messages — pending, or 'sending' under a lease
 * that ran out (their worker died mid-delivery), and not outranked — taken with FOR UPDATE SKIP LOCKED
 * so no other worker, in this process or another, gets them, and marked 'sending' until now +
 * OUTBOX_LEASE_MS with the attempt counted. The commit is synchronous, so it also makes durable
 * everything committed before it: the RSVP behind a confirmation (committed asynchronously, ADR 0004)
 * is on disk before its e-mail leaves. Oldest first.
 *
 * The candidates come from turnout_outbox_due (drizzle/0022_outbox_due_fn.sql): the due index walked in
 * order and stopped at CLAIM_WINDOW rows, whatever the planner's statistics say about the table; the
 * supersede checks then run for those rows only (ADR 0019).
 */
async function claimBatch(deps: WorkerDeps): Promise<Claimed[]> {
  const leaseSecs = deps.env.OUTBOX_LEASE_MS / 1000;
  const due = sql`select c.id from turnout_outbox_due(${CLAIM_WINDOW}::int) with ordinality c (id, supersede_key, supersede_rank, n)
    where ${notOutranked(sql`c`)} and ${noneInFlight(sql`c`)}
    order by c.n limit ${CLAIM_BATCH}`;
  const rows = await deps.db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      next_attempt_at: sql`clock_timestamp() + make_interval(secs => ${leaseSecs})`,
    })
    // An array, not IN (…): the planner then takes the claimed ids through the primary key; with IN it
    // hashed them and read the whole table past them, rows sent long ago included.
    .where(sql`${outbox.id} = any(array(${due}))`)
    .returning({
      id: outbox.id,
      channel: outbox.channel,
      idempotency_key: outbox.idempotency_key,
      payload: outbox.payload,
      attempts: outbox.attempts,
      created_at: outbox.created_at,
      // How long it has waited, by the database's clock (the app's may differ from it).
      age_ms: sql<number>`(extract(epoch from now() - ${outbox.created_at}) * 1000)::float8`,
    });
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

/**
 * The outcome 'sent' of each message, one statement for all (asynchronous commit, as every 'sent' mark).
 * 'unknown' too: an SMS whose worker outlived its lease was marked so by sweepUnknown, and its answer wins.
 */
async function markSent(deps: WorkerDeps, sent: { m: Claimed; via: DeliveredVia }[]): Promise<number> {
  if (sent.length === 0) return 0;
  const rows = sql.join(
    sent.map(({ m, via }) => sql`(${m.id}::uuid, ${m.attempts}::int, ${via}::text)`),
    sql`, `,
  );
  const marked = await deps.db.execute<{ id: string }>(sql`
    with async_commit as (select set_config('synchronous_commit', 'off', true))
    update ${outbox} set status = 'sent', delivered_via = mine.via, last_error = null, sent_at = clock_timestamp()
    from (values ${rows}) as mine (id, attempts, via), async_commit
    where ${outbox.id} = mine.id and ${outbox.status} in ('sending', 'unknown') and ${outbox.attempts} = mine.attempts
    returning ${outbox.id}`);
  return marked.rows.length;
}

/**
 * Messages with no provider configured are delivered by being marked sent: the dev mailbox reads
 * them there.
 */
async function keepInMailbox(deps: WorkerDeps, log: Logger, kept: Claimed[]): Promise<number> {
  if (kept.length === 0) return 0;
  const count = await markSent(
    deps,
    kept.map((m) => ({ m, via: 'dev-mailbox' as const })),
  );
  log.info({ count }, 'messages kept in the dev mailbox (no SMTP/Twilio configured)');
  return count;
}

/**
 * Records 'sent' for the messages the lanes hand it in as few statements as they allow: while one is
 * being written, the marks that come meanwhile wait and go in the next, together (a round trip and a
 * commit per group, not per message). A lane sends its next message while its last mark is written
 * and waits for that mark before it starts a third, so a crash leaves at most two sent-but-unmarked
 * messages per lane (ADR 0019).
 */
function groupMarks(deps: WorkerDeps): (m: Claimed, via: DeliveredVia) => Promise<void> {
  let waiting: { m: Claimed; via: DeliveredVia; done: (err?: unknown) => void }[] = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await markSent(deps, group);
        for (const g of group) g.done();
      } catch (err) {
        for (const g of group) g.done(err);
      }
    }
    writing = false;
  };
  return (m, via) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ m, via, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!writing) void write();
    });
}

/** Claimed messages this worker will not get to (stopped, or past half the lease) go back as they were. */
async function release(deps: WorkerDeps, rest: Claimed[]): Promise<void> {
  for (const m of rest) {
    await deps.db
      .update(outbox)
      .set({ status: 'pending', attempts: sql`${outbox.attempts} - 1`, next_attempt_at: sql`now()` })
      .where(and(eq(outbox.id, m.id), eq(outbox.status, 'sending'), eq(outbox.attempts, m.attempts)));
  }
}

/**
 * Rejects once `ms` have passed: a delivery is given up (and retried) before its lease runs out. The
 * work's signal aborts then too, so an SMTP send still queued or in flight in the pool is cancelled
 * rather than left to go out later and hold a connection meanwhile.
 */
function within<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const err = new Error('delivery took longer than half the lease');
        reject(err);
        controller.abort(err);
      },
      Math.max(0, ms),
    );
  });
  return Promise.race([work(controller.signal), deadline]).finally(() => clearTimeout(timer));
}

/**
 * Step 2 and 3 for one claimed message: deliver it with no transaction or connection held, then record
 * the outcome — only if the row is still this attempt's. An e-mail is delivered at least once: a
 * crash in between leaves the row 'sending' until its lease runs out, then another worker delivers it
 * again with the same Message-ID, so receivers can drop the duplicate. An SMS is delivered at most
 * once (docs/decisions/0017-sms.md): its hand-off is committed first (synchronously), and one whose
 * answer is lost becomes 'unknown' instead of going again.
 *
 * A sent message's mark is started, not awaited: `marked` settles once it is written (or failed), and
 * the lane sends its next message meanwhile.
 */
async function deliverClaimed(
  deps: WorkerDeps,
  o: { channels: Channels; log: Logger; mark: ReturnType<typeof groupMarks> },
  claimed: Claimed,
  timeLeftMs: number,
): Promise<{ outcome: Outcome; marked?: Promise<void> }> {
  const { channels, log } = o;
  const { id, attempts } = claimed;
  const sms = claimed.channel === 'sms';
  // An SMS's outcome is recorded even after sweepUnknown marked it (this worker outlived its lease).
  const mine = and(eq(outbox.id, id), inArray(outbox.status, sms ? ['sending', 'unknown'] : ['sending']), eq(outbox.attempts, attempts));
  let handedOff = false;
  try {
    if (sms && channels.twilio) {
      await channels.twilio.ready();
      const handed = await deps.db
        .update(outbox)
        .set({ handed_at: sql`clock_timestamp()` })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'sending'), eq(outbox.attempts, attempts)))
        .returning({ id: outbox.id });
      // Not ours any more before it left: the lease ran out (another worker has it) or a cancel took it.
      if (handed.length === 0) return { outcome: 'lost' };
      handedOff = true;
    }
    const { via, ref } = await within((signal) => deliverMessage({ channels, message: claimed, signal }), timeLeftMs);
    // An asynchronous commit: were this mark lost in a crash, the message would go again, with the same
    // Message-ID — at least once either way, and one fsync fewer per message.
    const marked = o.mark(claimed, via);
    marked.catch(() => {}); // the lane awaits it; meanwhile a failure is not unhandled
    log.info({ outboxId: id, key: claimed.idempotency_key, channel: claimed.channel, via, ref, attempts }, 'message sent');
    return { outcome: 'sent', marked };
  } catch (err) {
    // docs/decisions/0017-sms.md: a number Twilio refuses is not retried; STOP replies are remembered;
    // an SMS with no answer from Twilio (timeout, connection lost after sending) is not sent again.
    if (handedOff && !smsNeverLeft(err) && providerError(err).status === undefined) {
      await deps.db
        .update(outbox)
        .set({ status: 'unknown', last_error: `${UNKNOWN_OUTCOME} (${errorText(err)})`.slice(0, 2000) })
        .where(mine);
      log.warn({ outboxId: id, key: claimed.idempotency_key, channel: 'sms', attempts, err }, 'SMS outcome unknown; not sent again');
      return { outcome: 'unknown' };
    }
    if (sms) await noteSmsFailure(deps.db, (claimed.payload as SmsPayload).to, err);
    const dead = attempts >= MAX_ATTEMPTS || (sms && isPermanentSmsFailure(err));
    const delay = backoffMs(attempts);
    await deps.db
      .update(outbox)
      .set({
        status: dead ? 'dead' : 'pending',
        last_error: errorText(err),
        handed_at: null, // Twilio answered that it did not take it (or it never left): it may go again
        ...(dead ? {} : { next_attempt_at: sql`clock_timestamp() + make_interval(secs => ${delay / 1000})` }),
      })
      .where(mine);
    const fields = { outboxId: id, key: claimed.idempotency_key, channel: claimed.channel, attempts, err };
    if (dead) log.error(fields, `message dead after ${attempts} attempts`);
    else log.warn({ ...fields, retryInMs: delay }, 'message delivery failed; will retry');
    return { outcome: dead ? 'dead' : 'retry' };
  }
}

export type DrainOptions = { signal?: AbortSignal };

/**
 * A claimed message waiting for a lane, when its claim stops being worth starting (half its lease),
 * and when it was first queued (a retry keeps its age), on this process's monotonic clock, from its
 * age by the database's clock at the claim.
 */
type Queued = { m: Claimed; giveUpAt: number; createdAt: number };

/**
 * Marks the outranked messages superseded, then delivers every message that is due now, a claimed
 * batch at a time, up to OUTBOX_CONCURRENCY at once (one while the process is busy, unless the next
 * message has waited MAX_BUSY_DEFER_MS), and returns how many were sent (messages that fall due
 * meanwhile wait for the next call). Safe to run in several processes at once; failed ones
 * are rescheduled, not retried in this call. With `signal`, stops after the messages in flight once
 * it is aborted (the rest of what it claimed is released).
 *
 * The lanes take messages oldest first from one queue. While this process serves few requests (after
 * a rush, or with no traffic) the next batch is claimed as soon as the queue falls to one message per
 * lane, so the lanes go on without waiting for the slowest message of a batch or for the claim's
 * commit (ADR 0019). While it serves many, a batch is finished, then the worker rests, then it claims.
 */
export async function drainOutbox(deps: WorkerDeps, opts: DrainOptions = {}): Promise<number> {
  const { channels } = deps;
  const log = deps.log.child({ module: 'outbox' });
  await sweepSuperseded(deps, log);
  await sweepUnknown(deps, log);
  const mark = groupMarks(deps);
  const lanes = deps.env.OUTBOX_CONCURRENCY;
  let sent = 0;
  const queue: Queued[] = [];
  /** The last claim was full: more may be due. */
  let more = true;
  let claimStarted = performance.now();
  let servedAtClaim = deps.metrics?.requestsServed ?? 0;
  const busy = () => {
    const served = (deps.metrics?.requestsServed ?? 0) - servedAtClaim;
    return served > 0 && served >= (BUSY_REQUESTS_PER_SECOND * (performance.now() - claimStarted)) / 1000;
  };
  const claim = async () => {
    claimStarted = performance.now();
    servedAtClaim = deps.metrics?.requestsServed ?? 0;
    const claimed = await claimBatch(deps);
    if (claimed.length < CLAIM_BATCH) more = false;
    const kept = await keepInMailbox(
      deps,
      log,
      claimed.filter((m) => keptInMailbox(channels, m.channel)),
    );
    sent += kept; // not `sent += await …`: the lanes count meanwhile
    const giveUpAt = Date.now() + deps.env.OUTBOX_LEASE_MS / 2;
    const now = performance.now();
    for (const m of claimed) if (!keptInMailbox(channels, m.channel)) queue.push({ m, giveUpAt, createdAt: now - m.age_ms });
  };
  while (!opts.signal?.aborted && more) {
    const roundStarted = performance.now();
    await claim();
    const unstarted: Claimed[] = [];
    // A claim made while lanes deliver: its failure, like a lane's, stops every lane.
    let claiming: Promise<void> | undefined;
    let failure: { err: unknown } | undefined;
    // Once a lane found nothing left, the round ends: no lane claims ahead for itself alone.
    let ending = false;
    const claimAhead = () => {
      claiming = claim()
        .catch((err: unknown) => {
          failure ??= { err };
        })
        .finally(() => {
          claiming = undefined;
        });
    };
    // One claim never holds two messages of one supersede_key (the lower one is outranked), and a claim
    // takes none of a key another claimed message still holds (noneInFlight), so no newer answer's
    // e-mail can overtake an older one of the same RSVP. A lane that fails (the database, recording an
    // outcome) stops every lane; once all have finished, what none started goes back and the error is raised.
    const lane = async (_: unknown, index: number) => {
      // The mark of this lane's last sent message, written while the lane sends the next one: a crash
      // leaves at most two sent-but-unmarked messages per lane (they go again, with the same Message-ID).
      let marking: Promise<void> | undefined;
      const settleMark = async () => {
        const last = marking;
        marking = undefined;
        if (!last) return;
        try {
          await last;
          sent++;
        } catch (err) {
          failure ??= { err };
        }
      };
      while (!failure) {
        const deferred = queue[0] && performance.now() - queue[0].createdAt < MAX_BUSY_DEFER_MS;
        if (index > 0 && deferred && busy() && !opts.signal?.aborted) {
          await settleMark(); // a failed mark stops every lane now, not when this one resumes
          if (failure) break;
          await pause(BUSY_LANE_WAIT_MS, opts.signal);
          continue;
        }
        if (more && !ending && !claiming && queue.length <= lanes && !opts.signal?.aborted && !busy()) claimAhead();
        const next = queue.shift();
        if (!next) {
          if (!claiming) {
            ending = true;
            break;
          }
          await claiming;
          continue;
        }
        if (opts.signal?.aborted || Date.now() >= next.giveUpAt) {
          unstarted.push(next.m);
          continue;
        }
        try {
          const { marked } = await deliverClaimed(deps, { channels, log, mark }, next.m, next.giveUpAt - Date.now());
          await settleMark();
          marking = marked;
        } catch (err) {
          failure ??= { err };
        }
      }
      await settleMark();
    };
    await Promise.all(Array.from({ length: Math.min(lanes, queue.length) }, lane));
    await claiming;
    await release(deps, [...unstarted, ...queue.splice(0).map((q) => q.m)]);
    if (failure) throw failure.err;
    if (!more) break;
    const tookMs = performance.now() - roundStarted;
    if (busy()) await pause(Math.min(MAX_REST_MS, BATCH_REST_RATIO * tookMs), opts.signal);
  }
  return sent;
}

export type OutboxWorker = { stop: () => Promise<void> };

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}

/** Drains the outbox every OUTBOX_POLL_MS until stop(), which waits for the deliveries in flight and closes the SMTP connections. */
export function startOutboxWorker(deps: WorkerDeps): OutboxWorker {
  const log = deps.log.child({ module: 'outbox' });
  const controller = new AbortController();
  const loop = (async () => {
    while (!controller.signal.aborted) {
      try {
        await drainOutbox(deps, { signal: controller.signal });
      } catch (err) {
        log.error({ err }, 'outbox drain failed; retrying on the next poll');
      }
      await pause(deps.env.OUTBOX_POLL_MS, controller.signal);
    }
  })();
  log.info({ pollMs: deps.env.OUTBOX_POLL_MS }, 'outbox worker started');
  return {
    async stop() {
      controller.abort();
      await loop;
      deps.channels.close();
    },
  };
}
