import type { Logger } from '../../logger.ts';
import type { MarkSent } from './deliver-claimed.ts';
import type { DeliveredVia } from './deliver-message.ts';
import { CLAIM_BATCH, type Claimed, type OutboxStore } from './outbox-store.ts';

/**
 * While the process is busy, the drain rests after a full batch this fraction of the batch's time, so
 * guests' requests get a share of the machine and a slow machine slows the worker (ADR 0007, 0019).
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
 * While the process is busy, one lane delivers and the others look again this often: lanes sending at
 * once held the event loop in bursts that door scans waited behind (ADR 0019). Idle, every lane delivers…
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
 * Delivers every message due now, a claimed batch at a time over `lanes` (one while busy), and returns
 * how many were sent; failures are rescheduled, an abort releases what is left. Safe in several
 * processes at once. Idle, the next batch is claimed when the queue falls to one message per lane;
 * busy, a batch is finished, the worker rests, then claims (ADR 0019).
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
