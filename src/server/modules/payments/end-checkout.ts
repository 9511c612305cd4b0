import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { TPaymentState } from '../../../common/schemas/payments.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import type { Actor } from '../../domain/event-access.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import { checkoutOwner, type FulfilDeps, fulfilCheckout } from './fulfil-checkout.ts';
import { releaseHold } from './release-hold.ts';

/**
 * Ends an open checkout now (docs/decisions/0015-payments.md): the guest cancelled it (the sandbox page's
 * Cancel, Stripe's cancel URL) or left 'yes' on the manage page. The session is expired at the provider
 * and then the one fulfilment re-reads it, the same release path as Stripe's `checkout.session.expired`:
 * the hold ends at once and its seats are free. A session paid meanwhile is fulfilled instead. When the
 * provider cannot be reached the hold is released anyway (a payment that still completes is then a late
 * payment: its seats again if there are any, else refunded). Null when no RSVP has this session.
 */
export async function endCheckout(d: FulfilDeps, sessionId: string): Promise<TPaymentState | null> {
  const owner = await checkoutOwner(d, sessionId);
  if (!owner) return null;
  try {
    await owner.provider?.expireCheckout(sessionId);
  } catch (err) {
    d.log.warn({ err: { message: (err as Error).message }, rsvpId: owner.rsvpId }, 'payment: expiring a cancelled checkout failed');
    await releaseHold(d.db, owner.rsvpId, { onlyIfLapsed: false });
  }
  return fulfilCheckout(d, sessionId);
}

/**
 * Ends the open checkout of the answer a manage secret controls (optionally only for `eventId`), if it
 * has one: its payment is still pending. Returns the event id when it ended one (its seat figure moved).
 */
export async function endCheckoutOfAnswer(d: FulfilDeps, o: { manageSecret: string; eventId?: string }): Promise<string | null> {
  const where = [eq(event_rsvps.manage_secret, o.manageSecret)];
  if (o.eventId) where.push(eq(event_rsvps.event_id, o.eventId));
  return endCheckoutWhere(d, and(...where) as SQL);
}

/**
 * Staff cancelling or deleting a guest who is at the checkout (guests.routes.ts): the checkout ends
 * first, so that no payment can land on an answer that is declined or gone. Same access rule as the change.
 */
export const endCheckoutForStaff = (d: FulfilDeps, o: { actor: Actor; eventId: string; rsvpId: string }) =>
  endCheckoutWhere(d, and(eq(event_rsvps.id, o.rsvpId), guestWhere(o.actor, o.eventId, {})) as SQL);

async function endCheckoutWhere(d: FulfilDeps, where: SQL): Promise<string | null> {
  const [row] = await d.db
    .select({ session: event_rsvps.checkout_session_id, event_id: event_rsvps.event_id })
    .from(event_rsvps)
    .where(and(where, eq(event_rsvps.payment_status, 'pending'), isNotNull(event_rsvps.checkout_session_id)))
    .limit(1);
  if (!row?.session) return null;
  await endCheckout(d, row.session);
  return row.event_id;
}
