import { and, eq, gt, inArray, isNotNull, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { SMS_BATCH_SIZE } from '../../../common/constants.ts';
import type { TSmsJobParsed, TSmsJobProgress } from '../../../common/schemas/sms.ts';
import type { TJob } from '../../../common/schemas/guests.responses.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { SMS_MSG } from '../../../common/sms.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type JobParams, jobs } from '../../db/schema/guests.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { sms_messages } from '../../db/schema/sms.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { requireTwoFactorForEvent, type TwoFactorActor } from '../events/two-factor-rule.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import { countRsvps, startJob } from '../../domain/start-job.ts';
import { optedOut } from './opt-outs.ts';
import { queueSms } from './queue-sms.ts';
import { countJobMessages, NO_MESSAGES } from './count-job-messages.ts';
import type { SmsChannel } from '../../domain/sms-delivery.ts';

type SmsParams = Extract<JobParams, { kind: 'send-sms' }>;

/**
 * Bulk SMS from the Messaging screen (docs/product.md#messaging): a server job over the chosen guests of
 * the event, so it goes on when the page closes and survives a restart. Owner or co-host only (404);
 * starts are limited (429): startJob.
 */
export async function createSmsJob(o: { db: Db; limits: RateLimits; actor: Actor; eventId: string; input: TSmsJobParsed }): Promise<TJob> {
  await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  const { rsvp_ids, filter, exclude_ids } = o.input;
  const params: SmsParams = {
    kind: 'send-sms',
    message: o.input.message,
    ...(rsvp_ids ? { ids: [...new Set(rsvp_ids)] } : { filter: filter ?? {} }),
    ...(exclude_ids?.length ? { exclude: [...new Set(exclude_ids)] } : {}),
  };
  return startJob({
    db: o.db,
    limits: o.limits,
    actorId: o.actor.id,
    eventId: o.eventId,
    eventIds: [o.eventId],
    params,
    oneAtATime: false,
    count: async (tx) => {
      const n = await countRsvps(tx, targets(o.actor, o.eventId, params));
      if (n === 0) throw new AppError('validation_failed', SMS_MSG.noRecipients, { rsvp_ids: SMS_MSG.noRecipients });
      return n;
    },
  });
}

/**
 * The guests a job texts: those with a phone number of the selection, or of the filter but the excluded,
 * within the event the actor manages. Guests without one are no recipients: the job's total, its progress
 * and its history count only real recipients (docs/product.md#messaging).
 */
function targets(actor: Actor, eventId: string, p: SmsParams): SQL {
  return and(
    guestWhere(actor, eventId, p.filter ?? {}),
    isNotNull(event_rsvps.phone),
    ne(event_rsvps.phone, ''),
    p.ids ? inArray(event_rsvps.id, p.ids) : undefined,
    p.exclude?.length ? notInArray(event_rsvps.id, p.exclude) : undefined,
  ) as SQL;
}

/**
 * One batch of SMS_BATCH_SIZE recipients, in the job runner's transaction (run-jobs.ts, which pauses
 * SMS_BATCH_PAUSE_MS between batches): each gets the message queued under sms-job:{job}:{rsvp}, so a
 * batch redone after a crash texts nobody twice; an opted-out number is recorded as skipped.
 */
export async function smsJobBatch(
  tx: DbOrTx,
  o: { jobId: string; actor: Actor; eventId: string; params: SmsParams; cursor: string | null },
): Promise<{ items: number; failed: number; last: string | null; counts: { queued: number; skipped: number } }> {
  const rows = await tx
    // targets() holds guests with a phone only.
    .select({ id: event_rsvps.id, phone: sql<string>`${event_rsvps.phone}` })
    .from(event_rsvps)
    .where(and(targets(o.actor, o.eventId, o.params), o.cursor ? gt(event_rsvps.id, o.cursor) : undefined))
    .orderBy(event_rsvps.id)
    .limit(SMS_BATCH_SIZE);
  const stopped = await optedOut(
    tx,
    rows.map((r) => r.phone),
  );
  let queued = 0;
  let skipped = 0;
  for (const r of rows) {
    const outcome = await queueSms(tx, {
      eventId: o.eventId,
      rsvpId: r.id,
      jobId: o.jobId,
      sentBy: o.actor.id,
      to: r.phone,
      body: o.params.message,
      key: `sms-job:${o.jobId}:${r.id}`,
      optedOut: stopped.has(r.phone),
    });
    if (outcome === 'queued') queued++;
    else if (outcome === 'opted-out') skipped++;
  }
  return { items: rows.length, failed: 0, last: rows.at(-1)?.id ?? null, counts: { queued, skipped } };
}

const FAILURES_SHOWN = 200;

/** The user's own bulk SMS job (anyone else: 404); a paid event's under the owner's two-factor rule (ADR 0020). */
async function jobOf(db: DbOrTx, actor: TwoFactorActor, id: string) {
  if (!isUuid(id)) throw notFound(SMS_MSG.jobNotFound);
  const [job] = await db
    .select({
      id: jobs.id,
      event_id: jobs.event_id,
      status: jobs.status,
      total: jobs.total,
      done: jobs.done,
      finished_at: jobs.finished_at,
    })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.kind, 'send-sms'), eq(jobs.created_by, actor.id)));
  if (!job) throw notFound(SMS_MSG.jobNotFound);
  await requireTwoFactorForEvent(db, actor, job.event_id);
  return job;
}

/** A bulk SMS job's progress for the page that polls it: the job's counts and each message's delivery. */
export async function getSmsJobProgress(o: {
  db: Db;
  actor: TwoFactorActor;
  jobId: string;
  channel: SmsChannel;
}): Promise<TSmsJobProgress> {
  const job = await jobOf(o.db, o.actor, o.jobId);
  const counts = await countJobMessages(o.db, [job.id]);
  const c = counts.get(job.id) ?? NO_MESSAGES;
  const failures = await o.db
    .select({
      rsvp_id: sms_messages.rsvp_id,
      name: event_rsvps.name,
      to: sms_messages.to,
      outcome: sql<'failed' | 'unknown'>`case when ${outbox.status} = 'unknown' then 'unknown' else 'failed' end`,
      reason: sql<string>`coalesce(${outbox.last_error}, '')`,
    })
    .from(sms_messages)
    .innerJoin(outbox, eq(outbox.id, sms_messages.outbox_id))
    .leftJoin(event_rsvps, eq(event_rsvps.id, sms_messages.rsvp_id))
    .where(and(eq(sms_messages.job_id, job.id), inArray(outbox.status, ['dead', 'unknown'])))
    .orderBy(event_rsvps.name)
    .limit(FAILURES_SHOWN);
  return {
    id: job.id,
    status: job.status,
    total: job.total,
    processed: job.done,
    ...c,
    complete: job.status !== 'queued' && job.status !== 'running' && c.queued === 0,
    failures,
    finished_at: job.finished_at?.toISOString() ?? null,
    channel: o.channel,
  };
}

/**
 * Cancels a running bulk SMS job: the runner stops before its next batch, and the messages not yet
 * handed to Twilio are never sent (recorded as cancelled) — waiting, or claimed by a worker whose
 * hand-off then finds the row no longer its own (worker.ts); those already handed over go.
 */
export async function cancelSmsJob(o: { db: Db; actor: TwoFactorActor; jobId: string; channel: SmsChannel }): Promise<TSmsJobProgress> {
  await o.db.transaction(async (tx) => {
    const job = await jobOf(tx, o.actor, o.jobId);
    if (job.status !== 'queued' && job.status !== 'running') return;
    await tx
      .update(jobs)
      .set({ status: 'cancelled', finished_at: new Date(), updated_at: new Date(), locked_until: null })
      .where(eq(jobs.id, job.id));
    const waiting = await tx
      .update(outbox)
      .set({ status: 'superseded', last_error: 'Cancelled before sending.' })
      .where(
        and(
          or(eq(outbox.status, 'pending'), and(eq(outbox.status, 'sending'), isNull(outbox.handed_at))),
          inArray(
            outbox.id,
            tx
              .select({ id: sms_messages.outbox_id })
              .from(sms_messages)
              .where(and(eq(sms_messages.job_id, job.id), isNotNull(sms_messages.outbox_id))),
          ),
        ),
      )
      .returning({ id: outbox.id });
    if (waiting.length) {
      await tx
        .update(sms_messages)
        .set({ skipped: 'cancelled' })
        .where(
          inArray(
            sms_messages.outbox_id,
            waiting.map((w) => w.id),
          ),
        );
    }
  });
  return getSmsJobProgress(o);
}
