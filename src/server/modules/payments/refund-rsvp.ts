import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { REFUND_MSG } from '../../../common/refund-texts.ts';
import { payment_refunds } from '../../db/schema/payments.ts';
import { PAYMENT_MSG } from '../../../common/payment-texts.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { order_tickets } from '../../db/schema/tickets.ts';
import { RefundRefused } from '../../integrations/payment-provider.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../../domain/event-access.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import { type PaymentsConfig, providerFor, readPaymentEvent } from './event-provider.ts';
import { queueRefundEmail, refundKey } from './fulfil-checkout.ts';

export type RefundDeps = { db: Db; env: PaymentsConfig; log: Logger };

/** The outbox key of the guest's refund e-mail after a cancellation: one per RSVP. */
export const cancelRefundEmailKey = (rsvpId: string) => `refund:${rsvpId}:email`;

/**
 * Refunds a paid answer that is being cancelled (docs/product.md#payments), before the caller frees its
 * seats, in refund-order.ts's three steps (docs/decisions/0034-refunds-per-ticket.md): (1) under the order's row lock
 * a 'pending' claim of all that is left (payment_amount − refunded_amount) is made, naming its tickets not refunded
 * before — refused (409) while a host's refund is under way, so the two never both take "what is left"; (2) the
 * provider refunds exactly that amount, one idempotency key per RSVP (a repeat is the same refund); (3) once, under
 * the lock: the claim 'succeeded', payment_status 'refunded' and the guest's e-mail with that amount. Nothing for an
 * answer that is not paid. A refusal deletes the claim and is a 502; an unknown outcome keeps it, and the next
 * cancellation takes it up with the same key. The caller changes nothing on a 502.
 */
async function refundWhere(d: RefundDeps, where: SQL, opts: { byGuest: boolean }): Promise<boolean> {
  const [r] = await d.db
    .select({ id: event_rsvps.id, event_id: event_rsvps.event_id, payment_status: event_rsvps.payment_status })
    .from(event_rsvps)
    .where(where)
    .limit(1);
  if (r?.payment_status !== 'paid') return false;
  const event = await readPaymentEvent(d.db, r.event_id);
  if (!event) return false;
  if (opts.byGuest && !event.guest_refunds_allowed) throw new AppError('conflict', PAYMENT_MSG.guestRefundsOff);
  const provider = providerFor(d.db, d.env, event);
  if (!provider) throw new AppError('payment_failed', PAYMENT_MSG.refundFailed);
  const claim = await d.db.transaction((tx) => claimCancelRefund(tx, r.id));
  if (!claim) return false;
  try {
    await provider.refund({ paymentIntent: claim.paymentIntent, idempotencyKey: refundKey(r.id), amount: claim.amount });
  } catch (err) {
    const refused = err instanceof RefundRefused;
    d.log.warn({ rsvpId: r.id, refused, err: { type: (err as { type?: string }).type } }, 'payment: refund refused by the provider');
    if (refused) await d.db.delete(payment_refunds).where(and(eq(payment_refunds.id, claim.id), eq(payment_refunds.status, 'pending')));
    throw new AppError('payment_failed', PAYMENT_MSG.refundFailed);
  }
  await d.db.transaction(async (tx) => {
    await tx.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.id, r.id)).for('update');
    const [done] = await tx
      .update(payment_refunds)
      .set({ status: 'succeeded', succeeded_at: sql`now()` })
      .where(and(eq(payment_refunds.id, claim.id), eq(payment_refunds.status, 'pending')))
      .returning({ amount: payment_refunds.amount });
    if (!done) return;
    // Only refund_id is set on its tickets (at the claim): their seats go back with the cancellation that follows
    // (migration 0036's type trigger).
    const [paid] = await tx
      .update(event_rsvps)
      .set({ payment_status: 'refunded', refunded_amount: sql`${event_rsvps.refunded_amount} + ${done.amount}`, updated_at: new Date() })
      .where(and(eq(event_rsvps.id, r.id), eq(event_rsvps.payment_status, 'paid')))
      .returning({ id: event_rsvps.id });
    if (!paid) return;
    // What this refund gave back, not the whole payment: part of it may have been refunded before.
    await queueRefundEmail(tx, d.env.PUBLIC_BASE_URL, r.id, cancelRefundEmailKey(r.id), 'cancelled', done.amount);
  });
  d.log.info({ rsvpId: r.id, byGuest: opts.byGuest, amount: claim.amount }, 'payment refunded on cancellation');
  return true;
}

/**
 * Step (1) of a cancellation's refund, under the order's row lock: all that is left of the payment, claimed by a
 * 'pending' payment_refunds row (reason 'cancelled') that names the tickets not claimed before. A cancellation's claim
 * still pending (its outcome unknown) is taken up again; a host's is a 409. Null when there is nothing to refund.
 */
async function claimCancelRefund(tx: DbOrTx, rsvpId: string): Promise<{ id: string; paymentIntent: string; amount: number } | null> {
  const [r] = await tx
    .select({
      event_id: event_rsvps.event_id,
      payment_status: event_rsvps.payment_status,
      payment_id: event_rsvps.payment_id,
      amount: event_rsvps.payment_amount,
      currency: event_rsvps.payment_currency,
      refunded: event_rsvps.refunded_amount,
    })
    .from(event_rsvps)
    .where(eq(event_rsvps.id, rsvpId))
    .for('update');
  if (r?.payment_status !== 'paid' || !r.payment_id || r.amount === null || !r.currency) return null;
  const [pending] = await tx
    .select({ id: payment_refunds.id, reason: payment_refunds.reason, amount: payment_refunds.amount })
    .from(payment_refunds)
    .where(and(eq(payment_refunds.rsvp_id, rsvpId), eq(payment_refunds.status, 'pending')))
    .limit(1);
  if (pending?.reason === 'cancelled') return { id: pending.id, paymentIntent: r.payment_id, amount: pending.amount };
  // A host's refund of this order still under way (refund-order.ts) goes first: "all that is left" is not known yet.
  if (pending) throw new AppError('conflict', REFUND_MSG.inProgress);
  const amount = r.amount - r.refunded;
  if (amount <= 0) return null;
  const [claim] = await tx
    .insert(payment_refunds)
    .values({ rsvp_id: rsvpId, event_id: r.event_id, amount, currency: r.currency, reason: 'cancelled' })
    .returning({ id: payment_refunds.id });
  await tx
    .update(order_tickets)
    .set({ refund_id: claim!.id })
    .where(and(eq(order_tickets.rsvp_id, rsvpId), isNull(order_tickets.refund_id)));
  return { id: claim!.id, paymentIntent: r.payment_id, amount };
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
