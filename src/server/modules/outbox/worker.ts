import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema/outbox.ts';
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
 * Claims the oldest due message, delivers it and records the result, all in one transaction. The row
 * lock (FOR UPDATE SKIP LOCKED) keeps every other worker, in this process or another, off that row
 * until we commit; a crash rolls back and leaves it pending, so it is delivered at least once.
 */
async function deliverNext(deps: WorkerDeps, channels: Channels, log: Logger): Promise<Outcome> {
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
      .where(and(eq(outbox.status, 'pending'), lte(outbox.next_attempt_at, sql`now()`)))
      .orderBy(asc(outbox.next_attempt_at))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return 'idle';
    if (await outranked(tx, row)) {
      await tx.update(outbox).set({ status: 'superseded', last_error: null }).where(eq(outbox.id, row.id));
      log.info({ outboxId: row.id, key: row.idempotency_key, supersedeKey: row.supersede_key }, 'message superseded by a newer one; not sent');
      return 'superseded';
    }

    const attempts = row.attempts + 1;
    try {
      const { via, ref } = await deliverMessage({ channels, message: row });
      await tx
        .update(outbox)
        .set({ status: 'sent', delivered_via: via, attempts, last_error: null, sent_at: sql`clock_timestamp()` })
        .where(eq(outbox.id, row.id));
      log.info({ outboxId: row.id, key: row.idempotency_key, channel: row.channel, via, ref, attempts }, 'message sent');
      return 'sent';
    } catch (err) {
      const dead = attempts >= MAX_ATTEMPTS;
      const delay = backoffMs(attempts);
      await tx
        .update(outbox)
        .set({
          status: dead ? 'dead' : 'pending',
          attempts,
          last_error: errorText(err),
          ...(dead ? {} : { next_attempt_at: sql`clock_timestamp() + make_interval(secs => ${delay / 1000})` }),
        })
        .where(eq(outbox.id, row.id));
      const fields = { outboxId: row.id, key: row.idempotency_key, channel: row.channel, attempts, err };
      if (dead) log.error(fields, `message dead after ${attempts} attempts`);
      else log.warn({ ...fields, retryInMs: delay }, 'message delivery failed; will retry');
      return dead ? 'dead' : 'retry';
    }
  });
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
