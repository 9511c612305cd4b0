import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { event_rsvps } from '../db/schema/rsvps.ts';
import { eventEndsAt } from './event-ends.ts';

/**
 * Whether the events paid into `accountId` (or, with `eventId`, that event) have payments still tied to
 * the Stripe account they went through (ADR 0027): a checkout under way, or a payment of an event not
 * yet over (the one staff or the guest may still cancel for a refund). Their checkouts and refunds need
 * that account's keys, so the keys may not move to another account meanwhile.
 */
export async function hasOpenPayments(db: DbOrTx, where: { accountId: string } | { eventId: string }): Promise<boolean> {
  const scope = 'eventId' in where ? eq(events.id, where.eventId) : eq(events.stripe_account_id, where.accountId);
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .where(
      and(scope, or(eq(event_rsvps.payment_status, 'pending'), and(eq(event_rsvps.payment_status, 'paid'), sql`${eventEndsAt} > now()`))),
    )
    .limit(1);
  return Boolean(row);
}
