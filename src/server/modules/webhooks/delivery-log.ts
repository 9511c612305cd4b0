import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TWebhookDelivery } from '../../../common/schemas/webhooks.ts';
import type { DbOrTx } from '../../db/client.ts';
import { webhook_deliveries, webhook_endpoints } from '../../db/schema/webhooks.ts';
import { notFound } from '../../errors.ts';
import { MSG_ENDPOINT_NOT_FOUND } from './endpoints.ts';

/** The delivery log of one endpoint (docs/product.md#webhooks): its latest messages and what became of each. */

export const DELIVERY_LOG_LIMIT = 100;
export const MSG_DELIVERY_NOT_FOUND = 'No such delivery of this endpoint.';

/** The id a receiver sees as webhook-id. */
export const messageId = (deliveryId: string) => `msg_${deliveryId.replaceAll('-', '')}`;

const columns = {
  id: webhook_deliveries.id,
  type: webhook_deliveries.type,
  status: webhook_deliveries.status,
  attempts: webhook_deliveries.attempts,
  created_at: webhook_deliveries.created_at,
  last_attempt_at: webhook_deliveries.last_attempt_at,
  next_attempt_at: webhook_deliveries.next_attempt_at,
  response_status: webhook_deliveries.response_status,
  duration_ms: webhook_deliveries.duration_ms,
  response_excerpt: webhook_deliveries.response_excerpt,
  last_error: webhook_deliveries.last_error,
};
type Row = typeof webhook_deliveries.$inferSelect;

const toDelivery = (r: Pick<Row, keyof typeof columns>): TWebhookDelivery => ({
  id: messageId(r.id),
  type: r.type,
  status: r.status,
  attempts: r.attempts,
  created_at: r.created_at.toISOString(),
  last_attempt_at: r.last_attempt_at?.toISOString() ?? null,
  next_attempt_at: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
  response_status: r.response_status,
  duration_ms: r.duration_ms,
  response_excerpt: r.response_excerpt,
  error: r.last_error,
});

const endpointOf = (userId: string, endpointId: string) =>
  sql`exists (select 1 from ${webhook_endpoints} where ${webhook_endpoints.id} = ${endpointId} and ${webhook_endpoints.user_id} = ${userId})`;

async function assertEndpoint(db: DbOrTx, userId: string, endpointId: string): Promise<void> {
  const [own] = await db
    .select({ id: webhook_endpoints.id })
    .from(webhook_endpoints)
    .where(and(eq(webhook_endpoints.id, endpointId), eq(webhook_endpoints.user_id, userId)));
  if (!own) throw notFound(MSG_ENDPOINT_NOT_FOUND);
}

/** The endpoint's latest DELIVERY_LOG_LIMIT messages, newest first. */
export async function listWebhookDeliveries(db: DbOrTx, userId: string, endpointId: string): Promise<TWebhookDelivery[]> {
  await assertEndpoint(db, userId, endpointId);
  const rows = await db
    .select(columns)
    .from(webhook_deliveries)
    .where(eq(webhook_deliveries.endpoint_id, endpointId))
    .orderBy(desc(webhook_deliveries.seq))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map(toDelivery);
}

/**
 * Sends one message again, with its id and body (a receiver that already has it can tell): it goes at once,
 * with a fresh day of retries. One on its way (queued or being sent) is left as it is.
 */
export async function resendWebhookDelivery(db: DbOrTx, userId: string, endpointId: string, msgId: string): Promise<TWebhookDelivery> {
  await assertEndpoint(db, userId, endpointId);
  const hex = /^msg_([0-9a-f]{32})$/.exec(msgId)?.[1];
  if (!hex) throw notFound(MSG_DELIVERY_NOT_FOUND);
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const where = and(eq(webhook_deliveries.id, id), eq(webhook_deliveries.endpoint_id, endpointId), endpointOf(userId, endpointId));
  await db
    .update(webhook_deliveries)
    .set({ status: 'pending', next_attempt_at: sql`now()`, give_up_at: sql`now() + interval '1 day'` })
    .where(and(where, inArray(webhook_deliveries.status, ['delivered', 'failed'])));
  const [row] = await db.select(columns).from(webhook_deliveries).where(where);
  if (!row) throw notFound(MSG_DELIVERY_NOT_FOUND);
  return toDelivery(row);
}
