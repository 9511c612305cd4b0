import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type TWebhookEndpoint,
  type TWebhookWithSecret,
  type WebhookEventType,
  WEBHOOKS_PER_ACCOUNT,
  type ZWebhookCreate,
  type ZWebhookUpdate,
} from '../../../common/schemas/webhooks.ts';
import { sealSecret } from '../../crypto/secret-box.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { webhook_deliveries, webhook_endpoints } from '../../db/schema/webhooks.ts';
import { AppError, notFound } from '../../errors.ts';
import { newWebhookSecret } from './signing.ts';
import { RefusedAddressError, resolveAllowed } from './ssrf.ts';

/**
 * A host's webhook endpoints (docs/product.md#webhooks): listed, made, changed, paused and resumed, deleted,
 * their secret rotated. Every statement names the signed-in user, so another host's endpoint is simply not found.
 */

export const MSG_ENDPOINT_NOT_FOUND = 'No such webhook endpoint on your account.';
export const MSG_EVENT_NOT_YOURS = 'Choose one of the events you own, or all of them.';
/** After a rotation the old secret keeps signing beside the new one this long, so receivers can switch over. */
export const ROTATION_GRACE_HOURS = 24;

export type WebhookDeps = { db: Db; encryptionKey: Buffer; allowPrivate: boolean };

/** The sealed secret's associated data: a sealed value copied to another endpoint's row does not open there. */
export const secretContext = (endpointId: string) => `webhook_endpoints.secret:${endpointId}`;

const columns = {
  id: webhook_endpoints.id,
  url: webhook_endpoints.url,
  description: webhook_endpoints.description,
  event_id: webhook_endpoints.event_id,
  event_title: sql<string | null>`(select ${events.title} from ${events} where ${events.id} = ${webhook_endpoints.event_id})`,
  events: webhook_endpoints.event_types,
  paused_at: webhook_endpoints.paused_at,
  paused_reason: webhook_endpoints.paused_reason,
  failing_since: webhook_endpoints.failing_since,
  previous_secret_until: webhook_endpoints.previous_secret_until,
  created_at: webhook_endpoints.created_at,
};
type Row = Pick<
  typeof webhook_endpoints.$inferSelect,
  'id' | 'url' | 'description' | 'event_id' | 'paused_at' | 'paused_reason' | 'failing_since' | 'previous_secret_until' | 'created_at'
> & { event_title: string | null; events: WebhookEventType[] };

const toEndpoint = (r: Row): TWebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  event_id: r.event_id,
  event_title: r.event_title,
  events: r.events,
  status: r.paused_at ? 'paused' : 'active',
  paused_reason: r.paused_reason ?? null,
  failing_since: r.failing_since?.toISOString() ?? null,
  // A grace that has ended is no longer worth showing.
  previous_secret_until: r.previous_secret_until && r.previous_secret_until > new Date() ? r.previous_secret_until.toISOString() : null,
  created_at: r.created_at.toISOString(),
});

const mine = (userId: string, id: string) => and(eq(webhook_endpoints.id, id), eq(webhook_endpoints.user_id, userId));

export async function listWebhookEndpoints(db: DbOrTx, userId: string): Promise<TWebhookEndpoint[]> {
  const rows = await db
    .select(columns)
    .from(webhook_endpoints)
    .where(eq(webhook_endpoints.user_id, userId))
    .orderBy(desc(webhook_endpoints.created_at));
  return rows.map(toEndpoint);
}

async function readEndpoint(db: DbOrTx, userId: string, id: string): Promise<TWebhookEndpoint> {
  const [row] = await db.select(columns).from(webhook_endpoints).where(mine(userId, id));
  if (!row) throw notFound(MSG_ENDPOINT_NOT_FOUND);
  return toEndpoint(row);
}

/** The URL's host must resolve, and (in production) only to public addresses: a 400 on `url` otherwise. */
async function assertReachable(url: string, allowPrivate: boolean): Promise<void> {
  try {
    await resolveAllowed(new URL(url).hostname, allowPrivate);
  } catch (err) {
    if (err instanceof RefusedAddressError) throw new AppError('validation_failed', err.message, { url: err.message });
    throw err;
  }
}

/**
 * A new endpoint; its secret is in this answer only. The count is checked under a lock on the user's row, so
 * parallel creates cannot pass it; `event_id` must be an event the user owns (else 404, as any foreign id).
 */
export async function createWebhookEndpoint(
  deps: WebhookDeps,
  userId: string,
  input: z.output<typeof ZWebhookCreate>,
): Promise<TWebhookWithSecret> {
  await assertReachable(input.url, deps.allowPrivate);
  const id = randomUUID();
  const secret = newWebhookSecret();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from "user" where id = ${userId} for update`);
    if (input.event_id) {
      const [own] = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, input.event_id), eq(events.user_id, userId)));
      if (!own) throw new AppError('not_found', MSG_EVENT_NOT_YOURS, { event_id: MSG_EVENT_NOT_YOURS });
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhook_endpoints)
      .where(eq(webhook_endpoints.user_id, userId));
    if (n >= WEBHOOKS_PER_ACCOUNT)
      throw new AppError(
        'conflict',
        `An account has at most ${WEBHOOKS_PER_ACCOUNT} webhook endpoints: delete one you no longer use first.`,
      );
    await tx.insert(webhook_endpoints).values({
      id,
      user_id: userId,
      event_id: input.event_id ?? null,
      url: input.url,
      description: input.description ?? '',
      event_types: input.events,
      secret_enc: sealSecret(deps.encryptionKey, secret, secretContext(id)),
    });
  });
  return { endpoint: await readEndpoint(deps.db, userId, id), secret };
}

/**
 * Changes the URL, description or events, or pauses or resumes. Resuming clears the failure streak and sends
 * what waited at once, each with a fresh day of retries.
 */
export async function updateWebhookEndpoint(
  deps: WebhookDeps,
  userId: string,
  id: string,
  input: z.output<typeof ZWebhookUpdate>,
): Promise<TWebhookEndpoint> {
  if (input.url !== undefined) await assertReachable(input.url, deps.allowPrivate);
  await deps.db.transaction(async (tx) => {
    const [cur] = await tx.select({ paused_at: webhook_endpoints.paused_at }).from(webhook_endpoints).where(mine(userId, id)).for('update');
    if (!cur) throw notFound(MSG_ENDPOINT_NOT_FOUND);
    const pause = input.paused === true && !cur.paused_at;
    const resume = input.paused === false && cur.paused_at !== null;
    await tx
      .update(webhook_endpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.events !== undefined ? { event_types: input.events } : {}),
        ...(pause ? { paused_at: sql`now()`, paused_reason: 'host' as const } : {}),
        ...(resume ? { paused_at: null, paused_reason: null, failing_since: null } : {}),
        updated_at: sql`now()`,
      })
      .where(eq(webhook_endpoints.id, id));
    if (resume)
      await tx
        .update(webhook_deliveries)
        .set({ next_attempt_at: sql`now()`, give_up_at: sql`now() + interval '1 day'` })
        .where(and(eq(webhook_deliveries.endpoint_id, id), eq(webhook_deliveries.status, 'pending')));
  });
  return readEndpoint(deps.db, userId, id);
}

/** Deletes the endpoint and its delivery log; nothing more is sent to it. */
export async function deleteWebhookEndpoint(db: DbOrTx, userId: string, id: string): Promise<void> {
  const gone = await db.delete(webhook_endpoints).where(mine(userId, id)).returning({ id: webhook_endpoints.id });
  if (!gone.length) throw notFound(MSG_ENDPOINT_NOT_FOUND);
}

/**
 * A new secret, in this answer only. The one it replaces keeps signing beside it for ROTATION_GRACE_HOURS (each
 * delivery carries both signatures), so a receiver verifying with either keeps working while it switches.
 */
export async function rotateWebhookSecret(deps: WebhookDeps, userId: string, id: string): Promise<TWebhookWithSecret> {
  const secret = newWebhookSecret();
  const rotated = await deps.db
    .update(webhook_endpoints)
    .set({
      previous_secret_enc: sql`${webhook_endpoints.secret_enc}`,
      previous_secret_until: sql`now() + make_interval(hours => ${ROTATION_GRACE_HOURS})`,
      secret_enc: sealSecret(deps.encryptionKey, secret, secretContext(id)),
      updated_at: sql`now()`,
    })
    .where(mine(userId, id))
    .returning({ id: webhook_endpoints.id });
  if (!rotated.length) throw notFound(MSG_ENDPOINT_NOT_FOUND);
  return { endpoint: await readEndpoint(deps.db, userId, id), secret };
}
