import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { sms_messages } from '../../db/schema/sms.ts';

export type QueueSmsOptions = {
  eventId: string;
  rsvpId: string | null;
  jobId?: string;
  sentBy: string;
  to: string;
  body: string;
  /** The outbox idempotency key: one message per key, ever. */
  key: string;
  /** The number opted out: recorded as skipped, nothing queued. */
  optedOut?: boolean;
};

/**
 * Queues one SMS in the caller's transaction (docs/product.md#sms): an outbox row under `key` and the
 * sms_messages row that ties it to the guest and job. A key already queued queues nothing (false).
 */
export async function queueSms(tx: DbOrTx, o: QueueSmsOptions): Promise<'queued' | 'opted-out' | 'duplicate'> {
  const base = { event_id: o.eventId, rsvp_id: o.rsvpId, job_id: o.jobId, sent_by: o.sentBy, to: o.to };
  if (o.optedOut) {
    await tx.insert(sms_messages).values({ ...base, skipped: 'opted-out' });
    return 'opted-out';
  }
  const [row] = await tx
    .insert(outbox)
    .values({ channel: 'sms', idempotency_key: o.key, payload: { to: o.to, body: o.body } })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  if (!row) return 'duplicate';
  await tx.insert(sms_messages).values({ ...base, outbox_id: row.id });
  return 'queued';
}
