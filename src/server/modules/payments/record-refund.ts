import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payment_refunds } from '../../db/schema/payments.ts';
import { order_tickets } from '../../db/schema/tickets.ts';

/**
 * A refund of all that was left of an order, made outside refund-order.ts (a cancellation, a payment after the seats
 * were gone): one 'succeeded' payment_refunds row (its webhook is payment.refunded), naming the tickets not refunded before.
 */
export async function recordWholeRefund(
  tx: DbOrTx,
  o: { rsvpId: string; eventId: string; amount: number; currency: string | null; reason: 'cancelled' | 'seats_gone' },
): Promise<void> {
  if (o.amount <= 0 || !o.currency) return;
  const [row] = await tx
    .insert(payment_refunds)
    .values({
      rsvp_id: o.rsvpId,
      event_id: o.eventId,
      amount: o.amount,
      currency: o.currency,
      reason: o.reason,
      status: 'succeeded',
      succeeded_at: sql`now()`,
    })
    .returning({ id: payment_refunds.id });
  await tx
    .update(order_tickets)
    .set({ refund_id: row!.id })
    .where(and(eq(order_tickets.rsvp_id, o.rsvpId), isNull(order_tickets.refund_id)));
}
