import type { DbOrTx } from '../db/client.ts';
import { outbox, type QueuedEmail, type SmsPayload } from '../db/schema/outbox.ts';

/** Only the highest-ranked message of one key is delivered (see the outbox schema). */
export type Supersede = { key: string; rank: number };

/**
 * Queues a message in the caller's transaction: it is sent only if that transaction commits, and at
 * most one row exists per idempotency key (a repeat of the same cause is a no-op).
 * Returns true when this call queued it.
 */
export async function enqueueEmail(db: DbOrTx, key: string, payload: QueuedEmail, supersede?: Supersede): Promise<boolean> {
  const rows = await db
    .insert(outbox)
    .values({ channel: 'email', idempotency_key: key, payload, supersede_key: supersede?.key, supersede_rank: supersede?.rank })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return rows.length > 0;
}

export async function enqueueSms(db: DbOrTx, key: string, payload: SmsPayload): Promise<boolean> {
  const rows = await db
    .insert(outbox)
    .values({ channel: 'sms', idempotency_key: key, payload })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return rows.length > 0;
}
