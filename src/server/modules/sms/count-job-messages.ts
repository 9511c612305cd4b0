import { eq, inArray, sql } from 'drizzle-orm';
import type { TSmsJobProgress } from '../../../common/schemas/sms.ts';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { sms_messages } from '../../db/schema/sms.ts';
import { deliveryStatus } from '../../domain/sms-delivery.ts';

export type JobMessageCounts = Pick<TSmsJobProgress, 'sent' | 'kept' | 'failed' | 'unknown' | 'queued' | 'skipped'>;

export const NO_MESSAGES: JobMessageCounts = { sent: 0, kept: 0, failed: 0, unknown: 0, queued: 0, skipped: 0 };

/** The count each delivery status adds to (deliveryStatus; no-phone only on rows of older jobs). */
const BUCKET: Record<string, keyof JobMessageCounts> = {
  sent: 'sent',
  kept: 'kept',
  failed: 'failed',
  unknown: 'unknown',
  queued: 'queued',
  'opted-out': 'skipped',
  'no-phone': 'skipped',
  cancelled: 'skipped',
};

/**
 * Where the messages of bulk SMS jobs are, per job: one grouped read of their sms_messages rows and
 * outbox rows (the progress bar and the event's message history, docs/product.md#messaging).
 */
export async function countJobMessages(db: DbOrTx, jobIds: string[]): Promise<Map<string, JobMessageCounts>> {
  const out = new Map<string, JobMessageCounts>();
  if (jobIds.length === 0) return out;
  const status = sql<string>`${deliveryStatus}`;
  const rows = await db
    .select({ job: sql<string>`${sms_messages.job_id}`, status, n: sql<number>`count(*)::int` })
    .from(sms_messages)
    .leftJoin(outbox, eq(outbox.id, sms_messages.outbox_id))
    .where(inArray(sms_messages.job_id, jobIds))
    .groupBy(sms_messages.job_id, status);
  for (const r of rows) {
    const c = out.get(r.job) ?? { ...NO_MESSAGES };
    const bucket = BUCKET[r.status];
    if (bucket) c[bucket] += r.n;
    out.set(r.job, c);
  }
  return out;
}
