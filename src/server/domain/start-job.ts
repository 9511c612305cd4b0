import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { JOB_STARTS_PER_ACCOUNT, JOB_STARTS_PER_EVENT, JOB_STARTS_WINDOW_SEC, type JobKind } from '../../common/constants.ts';
import { JOB_ALREADY_RUNNING } from '../../common/messages.ts';
import type { TJob } from '../../common/schemas/guests.responses.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { type JobParams, jobs } from '../db/schema/guests.ts';
import { event_rsvps } from '../db/schema/rsvps.ts';
import { AppError } from '../errors.ts';
import { type LimitRule, type RateLimits, tooManyRequests } from '../http/rate-limit.ts';
import { jobReleased } from './job-released.ts';
import { insertJob } from './job-row.ts';

const rule = (kind: JobKind, per: 'account' | 'event', points: number): LimitRule => ({
  name: `job-${kind}-${per}`,
  points,
  windowSec: JOB_STARTS_WINDOW_SEC,
});

/**
 * The one limit on starting a server job (docs/product.md#limits-and-constants): of each kind, a user
 * starts at most JOB_STARTS_PER_ACCOUNT, and each event it works on gets at most JOB_STARTS_PER_EVENT
 * from all its hosts together, per JOB_STARTS_WINDOW_SEC; past either, 429 with Retry-After. Called
 * once the access check has passed, so nobody spends the budget of an event they do not manage.
 */
export async function limitJobStart(limits: RateLimits, o: { kind: JobKind; actorId: string; eventIds: string[] }): Promise<void> {
  const hits = await Promise.all([
    limits.hit(rule(o.kind, 'account', JOB_STARTS_PER_ACCOUNT), o.actorId),
    ...o.eventIds.map((id) => limits.hit(rule(o.kind, 'event', JOB_STARTS_PER_EVENT), id)),
  ]);
  const over = hits.filter((h) => h.over);
  if (over.length) throw tooManyRequests(Math.max(...over.map((h) => h.retryAfter)));
}

type JobKey = { kind: JobKind; actorId: string; eventId: string | null; params: JobParams };

/**
 * A job identical to one of the user's still queued or running (same kind, event and parameters):
 * 409 `job_running` with the running job's id in `fields.job_id`, so the screen follows that job's
 * progress instead. First an advisory lock on (user, kind, event) for the rest of the transaction:
 * parallel identical requests take turns, and exactly one of them starts a job.
 */
async function refuseDuplicate(db: DbOrTx, o: JobKey) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`job:${o.actorId}:${o.kind}:${o.eventId ?? '*'}`}, 0))`);
  const [running] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.created_by, o.actorId),
        eq(jobs.kind, o.kind),
        o.eventId ? eq(jobs.event_id, o.eventId) : isNull(jobs.event_id),
        inArray(jobs.status, ['queued', 'running']),
        sql`${jobs.params} = ${JSON.stringify(o.params)}::jsonb`,
      ),
    )
    .limit(1);
  if (running) throw new AppError('job_running', JOB_ALREADY_RUNNING[o.kind], { job_id: running.id });
}

/** How long a new job waits for its start to pass the limits before a worker may take it. */
const RESERVED_MS = 60_000;

/**
 * Starts a server job the actor may start (access checked by the caller): refuses a duplicate of a
 * running one when `oneAtATime` (409), counts its items (`count` may refuse the job, e.g. nobody to
 * text), inserts it reserved (no worker takes it yet), then spends the starts' limits: past them the
 * job is deleted and the answer is 429, else it is released to the workers (run-jobs.ts). So neither
 * a duplicate nor a refused request spends anything, and the limits (another pooled connection) are
 * never counted while the transaction holds its own.
 */
export async function startJob(o: {
  db: Db;
  limits: RateLimits;
  actorId: string;
  /** The one event it works on (null: a backfill over several). */
  eventId: string | null;
  /** The events whose limit it spends. */
  eventIds: string[];
  params: JobParams;
  oneAtATime: boolean;
  count: (tx: DbOrTx) => Promise<number>;
}): Promise<TJob> {
  const key: JobKey = { kind: o.params.kind, actorId: o.actorId, eventId: o.eventId, params: o.params };
  const job = await o.db.transaction(async (tx) => {
    if (o.oneAtATime) await refuseDuplicate(tx, key);
    const total = await o.count(tx);
    return insertJob(tx, {
      kind: key.kind,
      event_id: o.eventId,
      created_by: o.actorId,
      params: o.params,
      total,
      locked_until: new Date(Date.now() + RESERVED_MS),
    });
  });
  try {
    await limitJobStart(o.limits, { kind: key.kind, actorId: o.actorId, eventIds: o.eventIds });
  } catch (err) {
    await o.db.delete(jobs).where(eq(jobs.id, job.id));
    throw err;
  }
  await o.db
    .update(jobs)
    .set({ locked_until: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'queued')));
  jobReleased();
  return job;
}

/** How many RSVPs `where` selects: a job's total, counted in its start's transaction. */
export async function countRsvps(tx: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(event_rsvps).where(where);
  return row!.n;
}
