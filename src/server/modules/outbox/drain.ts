import type { Logger } from '../../logger.ts';
import type { MarkSent } from './deliver-claimed.ts';
import type { DeliveredVia } from './deliver-message.ts';
import { CLAIM_BATCH, type Claimed, type OutboxStore } from './outbox-store.ts';

/**
 * While this process serves requests (an RSVP rush queues an e-mail per answer), the drain rests after
 * a full batch this fraction of the time the batch took, so the guests' requests get a share of the
 * machine, and the worker backs off by itself when a busy machine makes its batches slow. Measured in
 * the bench's rush (10k answers in ~7 s): a fixed 100 ms rest after each batch delivered the last
 * e-mail 47 s (dev mailbox) or 72 s (SMTP) after the last answer, this 4 s and 30 s, with the same
 * RSVP figures within the machine's noise.
 */
export const BATCH_REST_RATIO = 0.5;
/** …but never longer than this: a slow provider (waiting, not working) makes long batches too. */
export const MAX_REST_MS = 100;
/**
 * …and only while requests come at least this fast: once the rush is over nobody needs the machine
 * back, and resting a third of the time only made the last guests wait longer for their e-mail
 * (ADR 0019). A visitor now and then is no reason to rest.
 */
export const BUSY_REQUESTS_PER_SECOND = 20;
/**
 * While the process is busy, one lane delivers and the others wait, looking again this often: four
 * lanes pumping a batch out at once held the event loop in bursts, and every request that came during
 * one waited behind it — door scans beside an RSVP rush had p95 23–49 ms with four lanes, 17–20 ms with
 * one (ADR 0014). Once the requests stop, every lane delivers again…
 */
export const BUSY_LANE_WAIT_MS = 25;
/** …and so they do once the next message has waited this long: traffic defers e-mail, never starves it. */
export const MAX_BUSY_DEFER_MS = 10_000;

/** Monotonic milliseconds and a pause that an abort ends early (worker.ts: the process's; tests: a fake). */
export type Clock = { now(): number; sleep(ms: number, signal?: AbortSignal): Promise<void> };

export type DrainDeps = {
  store: OutboxStore;
  /**
   * Delivers one claimed message and records its outcome (deliver-claimed.ts); a sent one's `marked`
   * settles once its 'sent' is written. Throws only when recording fails: that stops the drain.
   */
  deliver(m: Claimed, timeLeftMs: number, mark: MarkSent): Promise<{ marked?: Promise<void> }>;
  /** A message with no provider for its channel: kept in the dev mailbox, marked sent at its claim. */
  keptInMailbox(m: Claimed): boolean;
  /** OUTBOX_CONCURRENCY: messages delivered at once. */
  lanes: number;
  /** OUTBOX_LEASE_MS: a claimed message not started within half of it goes back. */
  leaseMs: number;
  clock: Clock;
  /** This process's requests so far (http/metrics.ts); without it (a lone drain) the drain never rests. */
  requestsServed?: () => number;
  log: Logger;
};

export type DrainOptions = { signal?: AbortSignal };

/**
 * A claimed message waiting for a lane, when its claim stops being worth starting (half its lease),
 * and when it was first queued (a retry keeps its age), on the drain's monotonic clock, from its
 * age by the database's clock at the claim.
 */
type Queued = { m: Claimed; giveUpAt: number; createdAt: number };

/**
 * Records 'sent' for the messages the lanes hand it in as few statements as they allow: while one is
 * being written, the marks that come meanwhile wait and go in the next, together (a round trip and a
 * commit per group, not per message). A lane sends its next message while its last mark is written
 * and waits for that mark before it starts a third, so a crash leaves at most two sent-but-unmarked
 * messages per lane (ADR 0019).
 */
function groupMarks(store: OutboxStore): MarkSent {
  let waiting: { m: Claimed; via: DeliveredVia; done: (err?: unknown) => void }[] = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await store.markSent(group);
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

/**
 * Marks the outranked messages superseded, then delivers every message that is due now, a claimed
 * batch at a time, up to `lanes` at once (one while the process is busy, unless the next message has
 * waited MAX_BUSY_DEFER_MS), and returns how many were sent (messages that fall due meanwhile wait for
 * the next call). Safe to run in several processes at once; failed ones are rescheduled, not retried in
 * this call. With `signal`, stops after the messages in flight once it is aborted (the rest of what it
 * claimed is released).
 *
 * The lanes take messages oldest first from one queue. While this process serves few requests (after
 * a rush, or with no traffic) the next batch is claimed as soon as the queue falls to one message per
 * lane, so the lanes go on without waiting for the slowest message of a batch or for the claim's
 * commit (ADR 0019). While it serves many, a batch is finished, then the worker rests, then it claims.
 */
export async function drain(d: DrainDeps, opts: DrainOptions = {}): Promise<number> {
  const { store, clock, lanes } = d;
  await store.sweep();
  const mark = groupMarks(store);
  const served = () => d.requestsServed?.() ?? 0;
  let sent = 0;
  const queue: Queued[] = [];
  /** The last claim was full: more may be due. */
  let more = true;
  let claimStarted = clock.now();
  let servedAtClaim = served();
  const busy = () => {
    const since = served() - servedAtClaim;
    return since > 0 && since >= (BUSY_REQUESTS_PER_SECOND * (clock.now() - claimStarted)) / 1000;
  };
  const claim = async () => {
    claimStarted = clock.now();
    servedAtClaim = served();
    const claimed = await store.claim();
    if (claimed.length < CLAIM_BATCH) more = false;
    const kept = claimed.filter((m) => d.keptInMailbox(m));
    if (kept.length > 0) {
      // Messages with no provider configured are delivered by being marked sent: the dev mailbox reads them there.
      const count = await store.markSent(kept.map((m) => ({ m, via: 'dev-mailbox' as const })));
      d.log.info({ count }, 'messages kept in the dev mailbox (no SMTP/Twilio configured)');
      sent += count; // not `sent += await …`: the lanes count meanwhile
    }
    const now = clock.now();
    const giveUpAt = now + d.leaseMs / 2;
    for (const m of claimed) if (!d.keptInMailbox(m)) queue.push({ m, giveUpAt, createdAt: now - m.age_ms });
  };
  while (!opts.signal?.aborted && more) {
    const roundStarted = clock.now();
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
        const deferred = queue[0] && clock.now() - queue[0].createdAt < MAX_BUSY_DEFER_MS;
        if (index > 0 && deferred && busy() && !opts.signal?.aborted) {
          await settleMark(); // a failed mark stops every lane now, not when this one resumes
          if (failure) break;
          await clock.sleep(BUSY_LANE_WAIT_MS, opts.signal);
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
        if (opts.signal?.aborted || clock.now() >= next.giveUpAt) {
          unstarted.push(next.m);
          continue;
        }
        try {
          const { marked } = await d.deliver(next.m, next.giveUpAt - clock.now(), mark);
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
    await store.release([...unstarted, ...queue.splice(0).map((q) => q.m)]);
    if (failure) throw failure.err;
    if (!more) break;
    const tookMs = clock.now() - roundStarted;
    if (busy()) await clock.sleep(Math.min(MAX_REST_MS, BATCH_REST_RATIO * tookMs), opts.signal);
  }
  return sent;
}
