import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { REFUND_MSG } from '../../../common/refund-texts.ts';
import type { TRefund, TRefundInput } from '../../../common/schemas/refunds.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { DbOrTx } from '../../db/client.ts';
import { payment_refunds } from '../../db/schema/payments.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { order_tickets } from '../../db/schema/tickets.ts';
import { seatsCommitted } from '../../db/seat-commits.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { AppError, notFound } from '../../errors.ts';
import { RefundRefused } from '../../integrations/payment-provider.ts';
import { providerFor, readPaymentEvent } from './event-provider.ts';
import { finishRefund } from './finish-refund.ts';
import { formatMoney } from './money.ts';
import type { RefundDeps } from './refund-rsvp.ts';

/** The provider's Idempotency-Key of a host's refund: its claim's id, so a retry of that claim is the same refund. */
export const hostRefundKey = (refundId: string) => `refund:${refundId}`;

/** A claim left 'pending' this long (a crash, or the provider's answer lost) is taken up again by the same refund. */
const STALE_CLAIM = '2 minutes';

type Claim = { id: string; paymentIntent: string; amount: number; whole: boolean; eventId: string };

/**
 * The owner refunds a paid order (docs/product.md#refunds, docs/decisions/0034-refunds-per-ticket.md): some tickets, an
 * amount, or the whole of what is left. Three steps, no lock held while the provider answers: (1) under the order's
 * row lock the refund is checked and claimed (a 'pending' payment_refunds row naming its tickets), so a second
 * request for the same ticket or past what was paid is refused there; (2) the provider refunds exactly that amount
 * with the claim's id as idempotency key; (3) finishRefund marks it done, frees the seats of its tickets and queues the
 * guest's e-mail. A refusal by the provider deletes the claim (502); an unknown outcome keeps it for a retry.
 */
export async function refundOrder(
  d: RefundDeps,
  o: { actor: Actor; eventId: string; rsvpId: string; input: TRefundInput },
): Promise<TRefund> {
  await requireEventAccess({ db: d.db, actor: o.actor, id: o.eventId, need: 'owner', action: 'refund' });
  if (!isUuid(o.rsvpId)) throw notFound(REFUND_MSG.noOrder);
  const claim = await d.db.transaction((tx) => claimRefund(tx, o));
  const event = await readPaymentEvent(d.db, claim.eventId);
  const provider = event && providerFor(d.db, d.env, event);
  try {
    if (!provider) throw new RefundRefused('no payment provider');
    await provider.refund({ paymentIntent: claim.paymentIntent, idempotencyKey: hostRefundKey(claim.id), amount: claim.amount });
  } catch (err) {
    const refused = err instanceof RefundRefused;
    d.log.warn({ rsvpId: o.rsvpId, refundId: claim.id, refused }, 'payment: host refund not made');
    // Refused: nothing moved, the claim goes and its tickets are free again. Unknown: it stays, and repeating the same
    // refund after STALE_CLAIM asks the provider again with the same key (never a second refund).
    if (refused) await d.db.delete(payment_refunds).where(and(eq(payment_refunds.id, claim.id), eq(payment_refunds.status, 'pending')));
    throw new AppError('payment_failed', refused ? `${REFUND_MSG.refused} ${err.message}` : REFUND_MSG.unknown);
  }
  const done = await finishRefund(d, claim.id, claim.whole);
  seatsCommitted(d.db, done.seats);
  d.log.info({ rsvpId: o.rsvpId, refundId: claim.id, amount: claim.amount }, 'payment refunded by the host');
  return done.refund;
}

async function claimRefund(tx: DbOrTx, o: { actor: Actor; eventId: string; rsvpId: string; input: TRefundInput }): Promise<Claim> {
  const [r] = await tx
    .select({
      id: event_rsvps.id,
      event_id: event_rsvps.event_id,
      payment_status: event_rsvps.payment_status,
      payment_id: event_rsvps.payment_id,
      amount: event_rsvps.payment_amount,
      currency: event_rsvps.payment_currency,
      refunded: event_rsvps.refunded_amount,
    })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.id, o.rsvpId), eq(event_rsvps.event_id, o.eventId)))
    .limit(1)
    .for('update');
  if (!r) throw notFound(REFUND_MSG.noOrder);
  if (r.payment_status !== 'paid' || !r.payment_id || r.amount === null || !r.currency) throw new AppError('conflict', REFUND_MSG.notPaid);
  const money = (n: number) => formatMoney(n, r.currency!);
  const left = r.amount - r.refunded;
  const tickets = await tx
    .select({
      id: order_tickets.id,
      amount: order_tickets.paid_amount,
      refund_id: order_tickets.refund_id,
      used: order_tickets.checked_in_count,
    })
    .from(order_tickets)
    .where(eq(order_tickets.rsvp_id, r.id))
    .orderBy(asc(order_tickets.id));
  const open = tickets.filter((t) => t.refund_id === null);
  const { ticket_ids: ids, amount: asked, expected_amount: expected } = o.input;

  let amount: number;
  let chosen: string[] = [];
  let whole = false;
  if (ids) {
    if (!tickets.length) throw new AppError('conflict', REFUND_MSG.noTickets, { ticket_ids: REFUND_MSG.noTickets });
    const picked = [...new Set(ids)].map((id) => tickets.find((t) => t.id === id));
    if (picked.some((t) => !t)) throw new AppError('bad_request', REFUND_MSG.noSuchTicket, { ticket_ids: REFUND_MSG.noSuchTicket });
    if (picked.some((t) => t!.refund_id !== null))
      throw new AppError('conflict', REFUND_MSG.ticketRefunded, { ticket_ids: REFUND_MSG.ticketRefunded });
    if (picked.some((t) => t!.used > 0)) throw new AppError('conflict', REFUND_MSG.ticketUsed, { ticket_ids: REFUND_MSG.ticketUsed });
    chosen = picked.map((t) => t!.id);
    whole = chosen.length === open.length;
    // Every ticket left: all that is left of the payment (an earlier amount refund may have taken some of it).
    amount = whole ? left : picked.reduce((sum, t) => sum + t!.amount, 0);
    if (amount > left)
      throw new AppError('conflict', REFUND_MSG.ticketsTooHigh(money(left)), { ticket_ids: REFUND_MSG.ticketsTooHigh(money(left)) });
  } else if (asked !== undefined) {
    if (asked >= left)
      throw new AppError('conflict', REFUND_MSG.amountTooHigh(money(left)), { amount: REFUND_MSG.amountTooHigh(money(left)) });
    amount = asked;
  } else {
    whole = true;
    chosen = open.map((t) => t.id);
    amount = left;
  }
  if (amount <= 0) throw new AppError('conflict', REFUND_MSG.notPaid);
  if (amount !== expected)
    throw new AppError('conflict', REFUND_MSG.changed(money(amount)), { expected_amount: REFUND_MSG.changed(money(amount)) });

  // One refund of an order at a time: a claim still pending is either under way (refused) or, when stale and the same
  // refund, taken up again with its own key.
  const [pending] = await tx
    .select({
      id: payment_refunds.id,
      amount: payment_refunds.amount,
      stale: sql<boolean>`${payment_refunds.created_at} < now() - ${STALE_CLAIM}::interval`,
    })
    .from(payment_refunds)
    .where(and(eq(payment_refunds.rsvp_id, r.id), eq(payment_refunds.status, 'pending')))
    .limit(1);
  if (pending) {
    const same =
      pending.amount === amount &&
      sameSet(
        tickets.filter((t) => t.refund_id === pending.id).map((t) => t.id),
        chosen,
      );
    if (pending.stale && same) return { id: pending.id, paymentIntent: r.payment_id, amount, whole, eventId: r.event_id };
    throw new AppError('conflict', REFUND_MSG.inProgress);
  }
  const [claim] = await tx
    .insert(payment_refunds)
    .values({ rsvp_id: r.id, event_id: r.event_id, amount, currency: r.currency, reason: 'host', created_by: o.actor.id })
    .returning({ id: payment_refunds.id });
  if (chosen.length) await tx.update(order_tickets).set({ refund_id: claim!.id }).where(inArray(order_tickets.id, chosen));
  return { id: claim!.id, paymentIntent: r.payment_id, amount, whole, eventId: r.event_id };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
