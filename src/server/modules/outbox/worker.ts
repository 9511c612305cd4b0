import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type EmailPayload, outbox, type SmsPayload } from '../../db/schema/outbox.ts';
import type { Deps } from '../../http/context.ts';
import type { Logger } from '../../logger.ts';
import { type Channels, channelsFor } from './channels.ts';
import { deliverMessage } from './deliver-message.ts';
import { backoffMs, MAX_ATTEMPTS } from './retry-policy.ts';

type WorkerDeps = Pick<Deps, 'env' | 'db' | 'log'>;
type Outcome = 'sent' | 'retry' | 'dead' | 'superseded' | 'idle';

function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.slice(0, 2000);
}

type Claimed = {
  id: string;
  channel: 'email' | 'sms';
  idempotency_key: string;
  payload: EmailPayload | SmsPayload;
  attempts: number;
};

/** A message of the same supersede_key with a higher rank exists (queued, sent or failed alike). */
async function outranked(tx: Tx, row: { supersede_key: string | null; supersede_rank: number | null }): Promise<boolean> {
  if (row.supersede_key === null || row.supersede_rank === null) return false;
  const [newer] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.supersede_key, row.supersede_key), gt(outbox.supersede_rank, row.supersede_rank)))
    .limit(1);
  return newer !== undefined;
}

/**
 * Step 1, its own short transaction: the oldest due message — pending, or 'sending' under a lease that
 * ran out (its worker died mid-delivery) — locked with FOR UPDATE SKIP LOCKED so no other worker, in
 * this process or another, takes it, then marked 'sending' until now + OUTBOX_LEASE_MS with the attempt
 * counted. Its commit is synchronous, so it also makes durable everything committed before it: the
 * RSVP behind a confirmation (committed asynchronously, ADR 0004) is on disk before its e-mail leaves.
 * An outranked message is marked 'superseded' instead.
 */
async function claimNext(deps: WorkerDeps, log: Logger): Promise<Claimed | 'superseded' | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: outbox.id,
        channel: outbox.channel,
        idempotency_key: outbox.idempotency_key,
        payload: outbox.payload,
        attempts: outbox.attempts,
        supersede_key: outbox.supersede_key,
        supersede_rank: outbox.supersede_rank,
      })
      .from(outbox)
      .where(and(inArray(outbox.status, ['pending', 'sending']), lte(outbox.next_attempt_at, sql`now()`)))
      .orderBy(asc(outbox.next_attempt_at))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    if (await outranked(tx, row)) {
      await tx.update(outbox).set({ status: 'superseded', last_error: null }).where(eq(outbox.id, row.id));
      log.info({ outboxId: row.id, key: row.idempotency_key, supersedeKey: row.supersede_key }, 'message superseded by a newer one; not sent');
      return 'superseded';
    }
    const attempts = row.attempts + 1;
    const leaseSecs = deps.env.OUTBOX_LEASE_MS / 1000;
    await tx
      .update(outbox)
      .set({ status: 'sending', attempts, next_attempt_at: sql`clock_timestamp() + make_interval(secs => ${leaseSecs})` })
      .where(eq(outbox.id, row.id));
    return { id: row.id, channel: row.channel, idempotency_key: row.idempotency_key, payload: row.payload, attempts };
  });
}

/** A delivery that outlives half the lease is given up (and retried), so no two workers send at once. */
function withinLease<T>(work: Promise<T>, leaseMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`delivery took longer than ${leaseMs / 2} ms (half the lease)`)), leaseMs / 2);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Claims one message (step 1), delivers it with no transaction or connection held (step 2), then
 * records the outcome (step 3) — only if the row is still this attempt's. A crash between 1 and 3
 * leaves the row 'sending' until its lease runs out; then another worker delivers it again: at least
 * once, with the same Message-ID so receivers can drop a duplicate.
 */
async function deliverNext(deps: WorkerDeps, channels: Channels, log: Logger): Promise<Outcome> {
  const claimed = await claimNext(deps, log);
  if (claimed === null) return 'idle';
  if (claimed === 'superseded') return 'superseded';
  const { id, attempts } = claimed;
  const mine = and(eq(outbox.id, id), eq(outbox.status, 'sending'), eq(outbox.attempts, attempts));
  try {
    const { via, ref } = await withinLease(deliverMessage({ channels, message: claimed }), deps.env.OUTBOX_LEASE_MS);
    await deps.db.update(outbox).set({ status: 'sent', delivered_via: via, last_error: null, sent_at: sql`clock_timestamp()` }).where(mine);
    log.info({ outboxId: id, key: claimed.idempotency_key, channel: claimed.channel, via, ref, attempts }, 'message sent');
    return 'sent';
  } catch (err) {
    const dead = attempts >= MAX_ATTEMPTS;
    const delay = backoffMs(attempts);
    await deps.db
      .update(outbox)
      .set({
        status: dead ? 'dead' : 'pending',
        last_error: errorText(err),
        ...(dead ? {} : { next_attempt_at: sql`clock_timestamp() + make_interval(secs => ${delay / 1000})` }),
      })
      .where(mine);
    const fields = { outboxId: id, key: claimed.idempotency_key, channel: claimed.channel, attempts, err };
    if (dead) log.error(fields, `message dead after ${attempts} attempts`);
    else log.warn({ ...fields, retryInMs: delay }, 'message delivery failed; will retry');
    return dead ? 'dead' : 'retry';
  }
}

export type DrainOptions = { signal?: AbortSignal };

/**
 * Delivers every message that is due now, one at a time, and returns how many were sent.
 * Safe to run in several processes at once; failed ones are rescheduled, not retried in this call.
 * With `signal`, stops after the message in flight once it is aborted.
 */
export async function drainOutbox(deps: WorkerDeps, opts: DrainOptions = {}): Promise<number> {
  const channels = channelsFor(deps.env);
  const log = deps.log.child({ module: 'outbox' });
  let sent = 0;
  while (!opts.signal?.aborted) {
    const outcome = await deliverNext(deps, channels, log);
    if (outcome === 'idle') break;
    if (outcome === 'sent') sent++;
  }
  return sent;
}

export type OutboxWorker = { stop: () => Promise<void> };

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** Drains the outbox every OUTBOX_POLL_MS until stop(), which waits for the delivery in flight. */
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
    },
  };
}
