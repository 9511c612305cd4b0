import { emailDeliveryOf } from '../../../common/email-delivery.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { type JobParams, jobs } from '../../db/schema/guests.ts';
import type { Deps } from '../../http/context.ts';
import type { Logger } from '../../logger.ts';
import { onJobReleased } from '../../domain/job-released.ts';
import type { TicketConfig } from '../../domain/ticket-fields.ts';
import { startPeriodic } from '../../periodic.ts';
import { qrBackfillBatch } from './qr-backfill-job.ts';
import { smsJobBatch } from '../sms/sms-job.ts';
import { sendTicketsBatch } from './send-tickets-job.ts';
import { IMPORT_ATTEMPTS, importBatch, SeatsMoved } from '../guest-imports/import-batch.ts';
import { type SeatCount, seatsCommitted } from '../../db/seat-commits.ts';
import { SMS_BATCH_PAUSE_MS } from '../../../common/constants.ts';

/** How often an idle worker looks for jobs. */
export const JOB_POLL_MS = 1_000;

type JobDeps = Pick<Deps, 'db' | 'env' | 'log'>;
type Claimed = {
  id: string;
  kind: string;
  event_id: string | null;
  created_by: string;
  params: JobParams;
  cursor: string | null;
  done: number;
};

/** Takes the oldest queued job, or a running one whose worker's lease expired (FOR UPDATE SKIP LOCKED: processes share the table). */
async function claim(db: Db, leaseSecs: number): Promise<Claimed | null> {
  const res = await db.execute<Claimed>(sql`
    UPDATE ${jobs} SET status = 'running', locked_until = now() + make_interval(secs => ${leaseSecs}), updated_at = now()
    WHERE id = (
      SELECT id FROM ${jobs}
      WHERE status IN ('queued', 'running') AND (locked_until IS NULL OR locked_until < now())
      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, event_id, created_by, params, cursor, done`);
  return res.rows[0] ?? null;
}

/** A batch's work: items read, failed among them, the cursor it leaves, its counts; `end` when a job says so itself; a guest import's seat counter. */
type Progress = { items: number; failed: number; last: string | null; counts: Record<string, number>; end?: boolean; seats?: SeatCount };

/**
 * Runs one claimed job to its end, a batch per transaction: the batch's work (outbox rows, ticket
 * columns) and the job's cursor, counts and lease commit together, and only if the cursor is still
 * the one this worker read, so two workers never do a batch twice and a restart resumes after the
 * last commit. The result merges each batch's counts.
 */
async function runJob(deps: JobDeps, config: TicketConfig, job: Claimed, signal?: AbortSignal): Promise<void> {
  const { db } = deps;
  const [owner] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, job.created_by));
  if (!owner) return;
  let cursor = job.cursor;
  let done = job.done;
  let seats: SeatCount | undefined;
  for (;;) {
    if (signal?.aborted) {
      // Stopping (a deploy's SIGTERM): the batches so far are committed, so the lease goes now and the
      // next process resumes at once instead of after JOB_LEASE_MS (a crash leaves it to run out).
      await db
        .update(jobs)
        .set({ locked_until: null, updated_at: new Date() })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), cursor === null ? isNull(jobs.cursor) : eq(jobs.cursor, cursor)));
      return;
    }
    seats = undefined;
    const finished = await retried(job.params.kind === 'guest-import' ? IMPORT_ATTEMPTS : 1, (attempt) =>
      db.transaction(async (tx) => {
        const [cur] = await tx
          .select({ cursor: jobs.cursor, result: jobs.result, status: jobs.status })
          .from(jobs)
          .where(eq(jobs.id, job.id))
          .for('update');
        if (cur?.status !== 'running' || cur.cursor !== cursor) return 'lost';
        const p = job.params;
        let step: Progress;
        if (p.kind === 'send-tickets') {
          step = await sendTicketsBatch(tx, { config, jobId: job.id, actor: owner, eventId: job.event_id!, params: p, cursor });
        } else if (p.kind === 'send-sms') {
          step = await smsJobBatch(tx, { jobId: job.id, actor: owner, eventId: job.event_id!, params: p, cursor });
        } else if (p.kind === 'guest-import') {
          step = { ...(await importBatch(tx, { config, jobId: job.id, eventId: job.event_id!, params: p, attempt })), last: null };
        } else {
          step = await qrBackfillBatch(tx, { config, actor: owner, params: p, cursor, done });
        }
        const result: Record<string, number | string | boolean> = { ...(cur.result ?? {}) };
        for (const [k, v] of Object.entries(step.counts)) result[k] = Number(result[k] ?? 0) + v;
        if (p.kind === 'qr-backfill') result.dry_run = p.dry_run;
        // Whether "queued" means on its way or only kept in the dev mailbox: the host's toast must not say "sent".
        if (p.kind === 'send-tickets') result.email_delivery = emailDeliveryOf(deps.env);
        const end = step.end ?? step.items === 0;
        seats = step.seats;
        await tx
          .update(jobs)
          .set({
            cursor: step.last ?? cursor,
            done: sql`${jobs.done} + ${step.items}`,
            failed: sql`${jobs.failed} + ${step.failed}`,
            result,
            updated_at: new Date(),
            locked_until: sql`now() + make_interval(secs => ${deps.env.JOB_LEASE_MS / 1000})`,
            ...(end ? { status: 'done' as const, finished_at: new Date(), locked_until: null } : {}),
          })
          .where(eq(jobs.id, job.id));
        cursor = step.last ?? cursor;
        done += step.items;
        return end ? 'done' : 'more';
      }),
    );
    // A guest import's seats, to this process's seat figures once committed (db/seat-commits.ts).
    seatsCommitted(db, seats);
    if (finished !== 'more') return;
    // docs/product.md#messaging: bulk SMS goes in batches of SMS_BATCH_SIZE with this pause between them.
    if (job.params.kind === 'send-sms') await sleep(SMS_BATCH_PAUSE_MS, undefined, { signal }).catch(() => {});
  }
}

/**
 * `run(attempt)` up to `attempts` times while it fails on a deadlock, a serialization failure or a guest import's
 * SeatsMoved: each try is a whole batch transaction, rolled back before the next (guest-imports/import-batch.ts).
 */
async function retried<T>(attempts: number, run: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      const again = err instanceof SeatsMoved || code === '40P01' || code === '40001';
      if (!again || attempt >= attempts) throw err;
    }
  }
}

/** A job that threw: failed, with a generic reason (the log has the error). */
async function failJob(db: Db, id: string): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'failed',
      result: { error: 'The job stopped on an error.' },
      finished_at: new Date(),
      updated_at: new Date(),
      locked_until: null,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
}

/** Runs every job that is due, one after the other; returns how many were run. Tests and the worker loop call it. */
export async function drainJobs(deps: JobDeps, opts: { signal?: AbortSignal; log?: Logger } = {}): Promise<number> {
  const config = { baseUrl: deps.env.PUBLIC_BASE_URL, signingKey: deps.env.TICKET_SIGNING_KEY };
  const log = opts.log ?? deps.log.child({ module: 'jobs' });
  let n = 0;
  for (;;) {
    if (opts.signal?.aborted) return n;
    const job = await claim(deps.db, deps.env.JOB_LEASE_MS / 1000);
    if (!job) return n;
    n++;
    try {
      await runJob(deps, config, job, opts.signal);
      log.info({ jobId: job.id, kind: job.kind, eventId: job.event_id }, 'job finished');
    } catch (err) {
      log.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
      await failJob(deps.db, job.id).catch(() => {});
    }
  }
}

export type JobWorker = { stop: () => Promise<void> };

/**
 * Drains the jobs every JOB_POLL_MS, and at once when this process releases one (domain/job-released.ts), until
 * stop(), which lets the batch in progress commit.
 */
export function startJobWorker(deps: JobDeps, everyMs = JOB_POLL_MS): JobWorker {
  const log = deps.log.child({ module: 'jobs' });
  const loop = startPeriodic({ log, everyMs, failed: 'job poll failed; retrying', run: (signal) => drainJobs(deps, { signal, log }) });
  const unsubscribe = onJobReleased(loop.wake);
  return {
    async stop() {
      unsubscribe();
      await loop.stop();
    },
  };
}
