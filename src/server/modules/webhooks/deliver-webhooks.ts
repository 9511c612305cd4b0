import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { openSecret } from '../../crypto/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { webhook_deliveries, webhook_endpoints } from '../../db/schema/webhooks.ts';
import { enqueueEmail } from '../../domain/enqueue.ts';
import type { Deps } from '../../http/context.ts';
import type { Logger } from '../../logger.ts';
import { startPeriodic } from '../../periodic.ts';
import { backoffMs } from '../outbox/retry-policy.ts';
import { messageId } from './delivery-log.ts';
import { secretContext } from './endpoints.ts';
import { webhookPausedEmail } from './paused-email.ts';
import { type PostOutcome, postWebhook } from './post-webhook.ts';
import { signatureHeader } from './signing.ts';

/**
 * The webhook worker (docs/decisions/0030-webhooks.md): claims the deliveries migration 0032's triggers queued,
 * at most the oldest waiting one per endpoint and guest (so one guest's messages arrive in order), under a
 * lease; POSTs each signed, with nothing held; records the outcome. A failure is retried with the outbox's
 * exponential backoff (outbox/retry-policy.ts) until a day after it was queued; an endpoint failing for a day
 * is paused and its owner e-mailed. `now` is the clock of scheduling (tests move it); signatures carry the real time.
 */

export const WEBHOOK_POLL_MS = 1_000;
/** Deliveries one claim takes, and how many are sent at once. */
const BATCH = 20;
const LANES = 4;
/** A claimed delivery is its worker's this long (past the receiver's timeout); then another may take it. */
const LEASE_SECS = 60;
/** A day of failures without one success pauses an endpoint. */
export const PAUSE_AFTER_HOURS = 24;
/** Delivered and given-up messages stay in the log this long. */
export const LOG_KEEP_DAYS = 30;

export type WebhookWorkerDeps = {
  db: Db;
  log: Logger;
  encryptionKey: Buffer;
  allowPrivate: boolean;
  /** Where the owner resumes a paused endpoint (the account page). */
  accountUrl: string;
};

type Claimed = { id: string; endpoint_id: string; payload: unknown; attempts: number; give_up_at: Date };

/**
 * The oldest waiting delivery of each (endpoint, guest) whose time has come, if its endpoint is active, leased
 * as 'sending'. A head still 'sending' under a live lease is not due, so nothing behind it moves; a row
 * another worker claimed meanwhile fails the UPDATE's re-check and is skipped.
 */
async function claim(db: Db, now: Date): Promise<Claimed[]> {
  const rows = await db.execute<Claimed & { give_up_at: string | Date }>(sql`
    with heads as (
      select distinct on (d.endpoint_id, d.guest_key) d.id, d.endpoint_id, d.next_attempt_at
      from ${webhook_deliveries} d
      where d.status in ('pending', 'sending')
      order by d.endpoint_id, d.guest_key, d.seq
    ), due as (
      select h.id from heads h join ${webhook_endpoints} w on w.id = h.endpoint_id
      where w.paused_at is null and h.next_attempt_at <= ${now}
      order by h.next_attempt_at limit ${BATCH}
    )
    update ${webhook_deliveries} d
    set status = 'sending', attempts = d.attempts + 1, next_attempt_at = ${now}::timestamptz + make_interval(secs => ${LEASE_SECS})
    from due
    where d.id = due.id and d.status in ('pending', 'sending') and d.next_attempt_at <= ${now}
    returning d.id, d.endpoint_id, d.payload, d.attempts, d.give_up_at`);
  return rows.rows.map((r) => ({ ...r, give_up_at: new Date(r.give_up_at) }));
}

type Target = { url: string; secrets: string[] };

/** Each endpoint's URL and the secrets that sign now: the current one, and the previous one during its grace. */
async function targets(deps: WebhookWorkerDeps, ids: string[]): Promise<Map<string, Target>> {
  const rows = await deps.db
    .select({
      id: webhook_endpoints.id,
      url: webhook_endpoints.url,
      secret_enc: webhook_endpoints.secret_enc,
      previous_secret_enc: webhook_endpoints.previous_secret_enc,
      previous_live: sql<boolean>`coalesce(${webhook_endpoints.previous_secret_until} > now(), false)`,
    })
    .from(webhook_endpoints)
    .where(inArray(webhook_endpoints.id, ids));
  const open = (sealed: string, id: string) => openSecret(deps.encryptionKey, sealed, secretContext(id));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        url: r.url,
        secrets: [open(r.secret_enc, r.id), ...(r.previous_live && r.previous_secret_enc ? [open(r.previous_secret_enc, r.id)] : [])],
      },
    ]),
  );
}

const problemOf = (o: PostOutcome) => (o.status === null ? o.error : `the endpoint answered HTTP ${o.status}`);

/** Records one attempt, if the row is still this attempt's; on a failure, may pause the endpoint and queue its owner's e-mail. */
async function record(deps: WebhookWorkerDeps, m: Claimed, outcome: PostOutcome, now: Date): Promise<'delivered' | 'retry' | 'failed'> {
  const giveUp = !outcome.ok && now >= m.give_up_at;
  const result = outcome.ok ? 'delivered' : giveUp ? 'failed' : 'retry';
  await deps.db.transaction(async (tx) => {
    const attempt = {
      last_attempt_at: now,
      response_status: outcome.status,
      duration_ms: outcome.durationMs,
      response_excerpt: outcome.status === null ? null : outcome.excerpt,
      last_error: outcome.ok ? null : problemOf(outcome),
    };
    const mine = and(
      eq(webhook_deliveries.id, m.id),
      eq(webhook_deliveries.status, 'sending'),
      eq(webhook_deliveries.attempts, m.attempts),
    );
    if (outcome.ok) {
      await tx
        .update(webhook_deliveries)
        .set({ ...attempt, status: 'delivered', delivered_at: now })
        .where(mine);
      await tx.update(webhook_endpoints).set({ failing_since: null }).where(eq(webhook_endpoints.id, m.endpoint_id));
      return;
    }
    const next = new Date(now.getTime() + backoffMs(m.attempts));
    await tx
      .update(webhook_deliveries)
      .set({ ...attempt, status: giveUp ? 'failed' : 'pending', next_attempt_at: next })
      .where(mine);
    await tx
      .update(webhook_endpoints)
      .set({ failing_since: sql`coalesce(${webhook_endpoints.failing_since}, ${now})` })
      .where(eq(webhook_endpoints.id, m.endpoint_id));
    const dayAgo = new Date(now.getTime() - PAUSE_AFTER_HOURS * 3600_000);
    const [paused] = await tx
      .update(webhook_endpoints)
      .set({ paused_at: now, paused_reason: 'failing' })
      .where(
        and(eq(webhook_endpoints.id, m.endpoint_id), isNull(webhook_endpoints.paused_at), lte(webhook_endpoints.failing_since, dayAgo)),
      )
      .returning({ url: webhook_endpoints.url, user_id: webhook_endpoints.user_id });
    if (!paused) return;
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, paused.user_id));
    if (owner)
      await enqueueEmail(
        tx,
        `webhook-paused:${m.endpoint_id}:${now.toISOString()}`,
        webhookPausedEmail({ to: owner.email, url: paused.url, lastProblem: problemOf(outcome), accountUrl: deps.accountUrl }),
      );
    deps.log.warn({ endpointId: m.endpoint_id }, 'webhook endpoint failing for a day; paused and its owner told');
  });
  return result;
}

/** Signs and POSTs one claimed delivery, then records it. */
async function deliverOne(deps: WebhookWorkerDeps, m: Claimed, target: Target | undefined, now: Date) {
  if (!target) return 'failed' as const; // deleted meanwhile: its rows went with it
  const body = JSON.stringify(m.payload);
  const id = messageId(m.id);
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await postWebhook({
    url: target.url,
    body,
    allowPrivate: deps.allowPrivate,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(target.secrets, id, timestamp, body),
    },
  });
  const result = await record(deps, m, outcome, now);
  const fields = { deliveryId: m.id, endpointId: m.endpoint_id, attempts: m.attempts, status: outcome.status, ms: outcome.durationMs };
  if (result === 'delivered') deps.log.info(fields, 'webhook delivered');
  else deps.log.warn({ ...fields, result }, 'webhook delivery failed');
  return result;
}

/** How often a process trims the log. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** Drops delivered and given-up messages older than LOG_KEEP_DAYS from the log, a batch at a time; how many. */
export async function sweepWebhookLog(db: Db, now = new Date()): Promise<number> {
  const swept = await db.execute(sql`delete from ${webhook_deliveries} where id in (
    select id from ${webhook_deliveries} where status in ('delivered', 'failed')
      and created_at < ${now}::timestamptz - make_interval(days => ${LOG_KEEP_DAYS}) limit 1000)`);
  return swept.rowCount ?? 0;
}

export type WebhookRun = { delivered: number; retry: number; failed: number };

/**
 * Delivers everything due (at `at`, a test's clock; else now), a claim after another until none is left. Safe in several
 * processes at once. Never called from a request: the triggers only queue (docs/decisions/0030-webhooks.md).
 */
export async function runWebhooks(deps: WebhookWorkerDeps, at?: Date, signal?: AbortSignal): Promise<WebhookRun> {
  const counts: WebhookRun = { delivered: 0, retry: 0, failed: 0 };
  // The real time, read again for each claim (a long run's leases and retries start from when they are made), or the test's.
  const clock = () => at ?? new Date();
  while (!signal?.aborted) {
    const now = clock();
    const claimed = await claim(deps.db, now);
    if (claimed.length === 0) break;
    const byEndpoint = await targets(deps, [...new Set(claimed.map((m) => m.endpoint_id))]);
    const queue = [...claimed];
    const lane = async () => {
      for (let m = queue.shift(); m; m = queue.shift()) counts[await deliverOne(deps, m, byEndpoint.get(m.endpoint_id), now)]++;
    };
    await Promise.all(Array.from({ length: Math.min(LANES, queue.length) }, lane));
    // On to the next claim: each delivered head lets its guest's next message come forward.
  }
  return counts;
}

/** Runs runWebhooks every WEBHOOK_POLL_MS until stop(), and trims the log every SWEEP_EVERY_MS. */
export function startWebhookWorker(deps: Pick<Deps, 'db' | 'env' | 'log'>, everyMs = WEBHOOK_POLL_MS) {
  const log = deps.log.child({ module: 'webhooks' });
  const w: WebhookWorkerDeps = {
    db: deps.db,
    log,
    encryptionKey: deps.env.ENCRYPTION_KEY,
    allowPrivate: deps.env.WEBHOOKS_ALLOW_PRIVATE,
    accountUrl: `${deps.env.PUBLIC_BASE_URL}/auth/account#account-webhooks`,
  };
  let sweptAt: number | undefined;
  return startPeriodic({
    log,
    everyMs,
    failed: 'webhook run failed; retrying on the next one',
    run: async (signal) => {
      if (sweptAt === undefined || performance.now() - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = performance.now();
        await sweepWebhookLog(deps.db);
      }
      await runWebhooks(w, undefined, signal);
    },
  });
}
