import { and, eq, type SQL, sql } from 'drizzle-orm';
import { REFUND_MSG } from '../../../common/refund-texts.ts';
import { payment_refunds } from '../../db/schema/payments.ts';
import { PAYMENT_MSG } from '../../../common/payment-texts.ts';
import type { Db } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../../domain/event-access.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import { type PaymentsConfig, providerFor, readPaymentEvent } from './event-provider.ts';
import { queueRefundEmail, refundKey } from './fulfil-checkout.ts';
import { recordWholeRefund } from './record-refund.ts';

export type RefundDeps = { db: Db; env: PaymentsConfig; log: Logger };

/** The outbox key of the guest's refund e-mail after a cancellation: one per RSVP. */
export const cancelRefundEmailKey = (rsvpId: string) => `refund:${rsvpId}:email`;

/**
 * Refunds a paid answer that is being cancelled (docs/product.md#payments), before the caller frees its
 * seats: through the event's provider with one idempotency key per RSVP (a repeat is Stripe's replay
 * of the same refund), then payment_status 'refunded' and the guest's e-mail, both once. Nothing for
 * an answer that is not paid. A refused refund is a 502 and the caller changes nothing.
 */
async function refundWhere(d: RefundDeps, where: SQL, opts: { byGuest: boolean }): Promise<boolean> {
  const [r] = await d.db
    .select({
      id: event_rsvps.id,
      event_id: event_rsvps.event_id,
      payment_status: event_rsvps.payment_status,
      payment_id: event_rsvps.payment_id,
    })
    .from(event_rsvps)
    .where(where)
    .limit(1);
  if (r?.payment_status !== 'paid' || !r.payment_id) return false;
  // A host's refund of this order still under way (refund-order.ts) goes first: "all that is left" would not be known.
  const [pending] = await d.db
    .select({ id: payment_refunds.id })
    .from(payment_refunds)
    .where(and(eq(payment_refunds.rsvp_id, r.id), eq(payment_refunds.status, 'pending')))
    .limit(1);
  if (pending) throw new AppError('conflict', REFUND_MSG.inProgress);
  const event = await readPaymentEvent(d.db, r.event_id);
  if (!event) return false;
  if (opts.byGuest && !event.guest_refunds_allowed) throw new AppError('conflict', PAYMENT_MSG.guestRefundsOff);
  const provider = providerFor(d.db, d.env, event);
  if (!provider) throw new AppError('payment_failed', PAYMENT_MSG.refundFailed);
  try {
    await provider.refund({ paymentIntent: r.payment_id, idempotencyKey: refundKey(r.id) });
  } catch (err) {
    d.log.warn({ rsvpId: r.id, err: { type: (err as { type?: string }).type } }, 'payment: refund refused by the provider');
    throw new AppError('payment_failed', PAYMENT_MSG.refundFailed);
  }
  await d.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ refunded: event_rsvps.refunded_amount })
      .from(event_rsvps)
      .where(eq(event_rsvps.id, r.id))
      .for('update');
    const [done] = await tx
      .update(event_rsvps)
      .set({ payment_status: 'refunded', refunded_amount: sql`coalesce(${event_rsvps.payment_amount}, 0)`, updated_at: new Date() })
      .where(and(eq(event_rsvps.id, r.id), eq(event_rsvps.payment_status, 'paid')))
      .returning({ id: event_rsvps.id, amount: event_rsvps.payment_amount, currency: event_rsvps.payment_currency });
    if (!done) return;
    // The refund's record (docs/decisions/0034-refunds-per-ticket.md): what was left, and the tickets it took with it. Only
    // refund_id is set on them: their seats go back with the cancellation that follows (migration 0036's type trigger).
    await recordWholeRefund(tx, {
      rsvpId: r.id,
      eventId: r.event_id,
      amount: (done.amount ?? 0) - (before?.refunded ?? 0),
      currency: done.currency,
      reason: 'cancelled',
    });
    await queueRefundEmail(tx, d.env.PUBLIC_BASE_URL, r.id, cancelRefundEmailKey(r.id), 'cancelled');
  });
  d.log.info({ rsvpId: r.id, byGuest: opts.byGuest }, 'payment refunded on cancellation');
  return true;
}

/** Staff cancel or delete a guest (guests.routes.ts): the same access rule as the change itself. */
export const refundForStaff = (d: RefundDeps, o: { actor: Actor; eventId: string; rsvpId: string }) =>
  refundWhere(d, and(eq(event_rsvps.id, o.rsvpId), guestWhere(o.actor, o.eventId, {}))!, { byGuest: false });

/** The guest cancels through the manage link: only when the host allows refunds (events.guest_refunds_allowed). */
export const refundForGuest = (d: RefundDeps, manageSecret: string) =>
  refundWhere(d, eq(event_rsvps.manage_secret, manageSecret), { byGuest: true });

/**
 * A paid (or pending) answer's party size is what was charged: the manage page cannot change it
 * (no re-pricing; docs/decisions/0015-payments.md). 409 when `guestCount` differs.
 */
export async function assertPaidPartyUnchanged(db: Db, manageSecret: string, guestCount: number | undefined): Promise<void> {
  if (guestCount === undefined) return;
  const [r] = await db
    .select({ guest_count: event_rsvps.guest_count, payment_status: event_rsvps.payment_status })
    .from(event_rsvps)
    .where(eq(event_rsvps.manage_secret, manageSecret))
    .limit(1);
  if (r && (r.payment_status === 'paid' || r.payment_status === 'pending') && r.guest_count !== guestCount) {
    throw new AppError('conflict', PAYMENT_MSG.paidPartyFixed, { guest_count: PAYMENT_MSG.paidPartyFixed });
  }
}
