import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError } from '../../errors.ts';
import { providerFor, readPaymentEvent } from './event-provider.ts';
import { type FulfilDeps, fulfilCheckout } from './fulfil-checkout.ts';
import { STRIPE_MAX_SESSION_MS } from '../../integrations/payment-provider.ts';

const MARGIN_MS = 60 * 60_000;

export const CLOSE_CHECKOUTS_FAILED =
  "Stripe could not be reached to close this event's recent checkouts, so nothing was deleted. Try again in a moment.";

/**
 * Before an event is deleted (events/delete-event.ts): every checkout of it that could still be paid
 * is ended at the provider, then fulfilled once more. A pending answer's session is open; so may be
 * an expired one's, whose release could not reach Stripe (its session then stays payable until its
 * own expiry, at most STRIPE_MAX_SESSION_MS after it was opened). A session paid meanwhile becomes a
 * paid answer, which the delete then refuses. Throws payment_failed (and nothing is deleted) when the
 * provider cannot be asked: a payment landing after the delete could never be refunded.
 */
export async function closeEventCheckouts(d: FulfilDeps, eventId: string): Promise<void> {
  const rows = await d.db
    .select({ session: event_rsvps.checkout_session_id })
    .from(event_rsvps)
    .where(
      and(
        eq(event_rsvps.event_id, eventId),
        isNotNull(event_rsvps.checkout_session_id),
        inArray(event_rsvps.payment_status, ['pending', 'expired']),
        // A session is opened right after the write that made its answer pending (which moved
        // updated_at), so anything quieter than Stripe's longest session, plus a margin, is closed.
        gt(event_rsvps.updated_at, new Date(Date.now() - STRIPE_MAX_SESSION_MS - MARGIN_MS)),
      ),
    );
  if (!rows.length) return;
  const event = await readPaymentEvent(d.db, eventId);
  const provider = event && providerFor(d.db, d.env, event);
  if (!provider) throw new AppError('payment_failed', CLOSE_CHECKOUTS_FAILED);
  for (const { session } of rows) {
    if (!session) continue;
    try {
      await provider.expireCheckout(session);
    } catch (err) {
      d.log.warn({ err: { message: (err as Error).message }, eventId }, 'payment: closing a checkout before deleting its event failed');
      throw new AppError('payment_failed', CLOSE_CHECKOUTS_FAILED);
    }
    await fulfilCheckout(d, session);
  }
}
