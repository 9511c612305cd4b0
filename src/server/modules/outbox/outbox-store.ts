import { and, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox, type QueuedEmail, type SmsPayload } from '../../db/schema/outbox.ts';
import type { Logger } from '../../logger.ts';
import type { DeliveredVia } from './deliver-message.ts';

/**
 * The outbox's statements (docs/ARCHITECTURE.md#data-and-side-effects): what the drain (drain.ts) claims,
 * marks, releases and sweeps, and how one delivery's outcome is recorded (deliver-claimed.ts). Every write
 * of a claimed row checks it is still that attempt's (status and attempts), so a worker that outlived its
 * lease never overwrites another's outcome.
 */

export type Claimed = {
  id: string;
  channel: 'email' | 'sms';
  idempotency_key: string;
  payload: QueuedEmail | SmsPayload;
  attempts: number;
  created_at: Date;
  /** Its age when it was claimed, in ms. */
  age_ms: number;
};

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
 * The due messages claimBatch looks at for one batch: the batch twice over, so the rare message a
 * supersede check holds back (its key in flight, or outranked since the last sweep) leaves the claim
 * full.
 */
const CLAIM_WINDOW = 2 * CLAIM_BATCH;

/** The outbox as the drain sees it: a fake of it (drain.test.ts) tests the drain without a database. */
export type OutboxStore = {
  /** Marks the outranked messages superseded and the SMS with a lost answer unknown (before a drain). */
  sweep(): Promise<void>;
  /** Up to CLAIM_BATCH due messages, oldest first, each under a lease; fewer means none are left. */
  claim(): Promise<Claimed[]>;
  /** Records 'sent' for each, in one statement; returns how many were still this attempt's. */
  markSent(sent: { m: Claimed; via: DeliveredVia }[]): Promise<number>;
  /** Claimed messages this worker will not get to go back as they were. */
  release(rest: Claimed[]): Promise<void>;
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
async function sweepSuperseded(db: DbOrTx, log: Logger): Promise<void> {
  const waiting = or(
    eq(outbox.status, 'pending'),
    and(eq(outbox.status, 'sending'), isNull(outbox.handed_at), lte(outbox.next_attempt_at, sql`now()`)),
  );
  const swept = await db
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
async function sweepUnknown(db: DbOrTx, log: Logger): Promise<void> {
  const swept = await db
    .update(outbox)
    .set({ status: 'unknown', last_error: UNKNOWN_OUTCOME })
    .where(and(eq(outbox.status, 'sending'), isNotNull(outbox.handed_at), lte(outbox.next_attempt_at, sql`now()`)))
    .returning({ id: outbox.id, key: outbox.idempotency_key });
  for (const m of swept)
    log.warn({ outboxId: m.id, key: m.key }, 'SMS handed to Twilio with no answer recorded; outcome unknown, not sent again');
}

/**
 * Step 1: the oldest due, not outranked messages (turnout_outbox_due, migration 0022) taken FOR UPDATE
 * SKIP LOCKED and leased as 'sending' (ADR 0006). Its commit is synchronous, so the asynchronously
 * committed RSVP behind a confirmation (ADR 0004) is on disk before its e-mail leaves.
 */
async function claimBatch(db: DbOrTx, leaseMs: number): Promise<Claimed[]> {
  const leaseSecs = leaseMs / 1000;
  const due = sql`select c.id from turnout_outbox_due(${CLAIM_WINDOW}::int) with ordinality c (id, supersede_key, supersede_rank, n)
    where ${notOutranked(sql`c`)} and ${noneInFlight(sql`c`)}
    order by c.n limit ${CLAIM_BATCH}`;
  const rows = await db
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
async function markSent(db: DbOrTx, sent: { m: Claimed; via: DeliveredVia }[]): Promise<number> {
  if (sent.length === 0) return 0;
  const rows = sql.join(
    sent.map(({ m, via }) => sql`(${m.id}::uuid, ${m.attempts}::int, ${via}::text)`),
    sql`, `,
  );
  const marked = await db.execute<{ id: string }>(sql`
    with async_commit as (select set_config('synchronous_commit', 'off', true))
    update ${outbox} set status = 'sent', delivered_via = mine.via, last_error = null, sent_at = clock_timestamp()
    from (values ${rows}) as mine (id, attempts, via), async_commit
    where ${outbox.id} = mine.id and ${outbox.status} in ('sending', 'unknown') and ${outbox.attempts} = mine.attempts
    returning ${outbox.id}`);
  return marked.rows.length;
}

/** Claimed messages this worker will not get to (stopped, or past half the lease) go back as they were. */
async function release(db: DbOrTx, rest: Claimed[]): Promise<void> {
  for (const m of rest) {
    await db
      .update(outbox)
      .set({ status: 'pending', attempts: sql`${outbox.attempts} - 1`, next_attempt_at: sql`now()` })
      .where(and(eq(outbox.id, m.id), eq(outbox.status, 'sending'), eq(outbox.attempts, m.attempts)));
  }
}

/** The outbox table of `db`, claiming under leases of `leaseMs`. */
export function createOutboxStore(o: { db: DbOrTx; leaseMs: number; log: Logger }): OutboxStore {
  return {
    async sweep() {
      await sweepSuperseded(o.db, o.log);
      await sweepUnknown(o.db, o.log);
    },
    claim: () => claimBatch(o.db, o.leaseMs),
    markSent: (sent) => markSent(o.db, sent),
    release: (rest) => release(o.db, rest),
  };
}

/** This attempt's row: an SMS's outcome is recorded even after sweepUnknown marked it (its worker outlived the lease). */
const thisAttempt = (m: Claimed) =>
  and(
    eq(outbox.id, m.id),
    inArray(outbox.status, m.channel === 'sms' ? ['sending', 'unknown'] : ['sending']),
    eq(outbox.attempts, m.attempts),
  );

/**
 * An SMS's hand-off to Twilio, committed (synchronously) before it leaves; false when the row is not this
 * attempt's any more (the lease ran out and another worker has it, or a cancel took it).
 */
export async function markHandedOff(db: DbOrTx, m: Claimed): Promise<boolean> {
  const handed = await db
    .update(outbox)
    .set({ handed_at: sql`clock_timestamp()` })
    .where(and(eq(outbox.id, m.id), eq(outbox.status, 'sending'), eq(outbox.attempts, m.attempts)))
    .returning({ id: outbox.id });
  return handed.length > 0;
}

/** An SMS handed to Twilio whose answer never came: 'unknown', never sent again. */
export async function markUnknown(db: DbOrTx, m: Claimed, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'unknown', last_error: `${UNKNOWN_OUTCOME} (${error})`.slice(0, 2000) })
    .where(thisAttempt(m));
}

/** A failed delivery: dead, or pending again after `retryInMs`; it may go again (Twilio did not take it). */
export async function markFailed(db: DbOrTx, m: Claimed, o: { dead: boolean; error: string; retryInMs: number }): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: o.dead ? 'dead' : 'pending',
      last_error: o.error,
      handed_at: null, // Twilio answered that it did not take it (or it never left): it may go again
      ...(o.dead ? {} : { next_attempt_at: sql`clock_timestamp() + make_interval(secs => ${o.retryInMs / 1000})` }),
    })
    .where(thisAttempt(m));
}
