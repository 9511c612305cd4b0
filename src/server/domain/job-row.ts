import { and, eq } from 'drizzle-orm';
import type { TJob } from '../../common/schemas/guests.responses.ts';
import { isUuid } from '../../common/schemas/ids.ts';
import type { DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/guests.ts';
import { notFound } from '../errors.ts';
import type { Actor } from './event-access.ts';

export const JOB_NOT_FOUND = 'Job not found';

const jobColumns = {
  id: jobs.id,
  kind: jobs.kind,
  status: jobs.status,
  event_id: jobs.event_id,
  total: jobs.total,
  done: jobs.done,
  failed: jobs.failed,
  result: jobs.result,
  created_at: jobs.created_at,
  updated_at: jobs.updated_at,
  finished_at: jobs.finished_at,
};

type JobRecord = Omit<TJob, 'created_at' | 'updated_at' | 'finished_at'> & { created_at: Date; updated_at: Date; finished_at: Date | null };

export function toJob(r: JobRecord): TJob {
  return {
    ...r,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
  };
}

/** A job and its progress, for the user who started it (anyone else: 404). */
export async function getJob(o: { db: DbOrTx; actor: Actor; id: string }): Promise<TJob> {
  if (!isUuid(o.id)) throw notFound(JOB_NOT_FOUND);
  const [row] = await o.db
    .select(jobColumns)
    .from(jobs)
    .where(and(eq(jobs.id, o.id), eq(jobs.created_by, o.actor.id)));
  if (!row) throw notFound(JOB_NOT_FOUND);
  return toJob(row);
}

/** Inserts a queued job and answers it as GET /api/jobs/{id} would. */
export async function insertJob(db: DbOrTx, values: typeof jobs.$inferInsert): Promise<TJob> {
  const [row] = await db.insert(jobs).values(values).returning(jobColumns);
  return toJob(row!);
}
