import { and, asc, eq, sql } from 'drizzle-orm';
import { ticketLabel } from '../../../common/schemas/ticket-types.ts';
import type { TRefund } from '../../../common/schemas/refunds.ts';
import { events } from '../../db/schema/events.ts';
import { payment_refunds } from '../../db/schema/payments.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { order_tickets, ticket_types } from '../../db/schema/tickets.ts';
import { type SeatCount, seatCountOf } from '../../db/seat-commits.ts';
import { enqueueEmail } from '../../domain/enqueue.ts';
import { readRsvpWithEvent } from '../rsvps/load-rsvp-event.ts';
import { seatsHeld } from '../rsvps/seats.ts';
import { buildRefundEmail } from './refund-email.ts';
import type { RefundDeps } from './refund-rsvp.ts';

/** The outbox key of the guest's e-mail about a host's refund: one per refund. */
export const hostRefundEmailKey = (refundId: string) => `refund:${refundId}:email`;

/**
 * A host's refund that the provider made (refund-order.ts), applied once under the order's row lock: the claim turns
 * 'succeeded', its tickets are refunded and give their seats back (the type's counter, then the event's: the lock order
 * of docs/decisions/0028-ticket-types.md), the order's refunded total grows, and the guest's e-mail is queued. `whole`
 * (every ticket left, or all that is left of an order without tickets) cancels the order: payment 'refunded', answer
 * 'declined', all its seats free. A second call for the same claim changes nothing.
 */
export async function finishRefund(d: RefundDeps, refundId: string, whole: boolean): Promise<{ refund: TRefund; seats?: SeatCount }> {
  return d.db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ rsvp_id: payment_refunds.rsvp_id, event_id: payment_refunds.event_id })
      .from(payment_refunds)
      .where(eq(payment_refunds.id, refundId));
    const [cur] = await tx
      .select({ status: event_rsvps.status, guest_count: event_rsvps.guest_count })
      .from(event_rsvps)
      .where(eq(event_rsvps.id, claim!.rsvp_id))
      .for('update');
    const [done] = await tx
      .update(payment_refunds)
      .set({ status: 'succeeded', succeeded_at: sql`now()` })
      .where(and(eq(payment_refunds.id, refundId), eq(payment_refunds.status, 'pending')))
      .returning({ amount: payment_refunds.amount, currency: payment_refunds.currency });
    const tickets = await tx
      .select({
        id: order_tickets.id,
        type_id: order_tickets.ticket_type_id,
        admits: order_tickets.admits,
        amount: order_tickets.paid_amount,
      })
      .from(order_tickets)
      .innerJoin(ticket_types, eq(ticket_types.id, order_tickets.ticket_type_id))
      .where(eq(order_tickets.refund_id, refundId))
      .orderBy(asc(ticket_types.position), asc(ticket_types.name), asc(order_tickets.number));
    const labels = await ticketLabels(tx, refundId);
    if (!done || !cur) {
      const [r] = await tx
        .select({ amount: payment_refunds.amount, currency: payment_refunds.currency })
        .from(payment_refunds)
        .where(eq(payment_refunds.id, refundId));
      return { refund: { id: refundId, amount: r?.amount ?? 0, currency: r?.currency ?? '', tickets: labels, order_refunded: whole } };
    }
    const held = seatsHeld(cur) > 0;
    let freed = 0;
    if (whole) {
      // Leaving a held state moves the order's types by its tickets not yet refunded (migration 0036's trigger), these included.
      await tx
        .update(event_rsvps)
        .set({
          status: 'declined',
          payment_status: 'refunded',
          refunded_amount: sql`${event_rsvps.refunded_amount} + ${done.amount}`,
          updated_at: new Date(),
        })
        .where(eq(event_rsvps.id, claim!.rsvp_id));
      freed = seatsHeld(cur);
    }
    // Each ticket gets back its price, the last ones less when an earlier amount refund left less than they cost.
    let rest = done.amount;
    for (const t of tickets) {
      const back = Math.min(t.amount, rest);
      rest -= back;
      await tx.update(order_tickets).set({ refunded_at: sql`now()`, refunded_amount: back }).where(eq(order_tickets.id, t.id));
    }
    if (!whole) {
      const admits = tickets.reduce((n, t) => n + t.admits, 0);
      if (held && admits) {
        const perType = new Map<string, number>();
        for (const t of tickets) perType.set(t.type_id, (perType.get(t.type_id) ?? 0) + t.admits);
        for (const [typeId, n] of [...perType].sort(([a], [b]) => a.localeCompare(b))) {
          await tx
            .update(ticket_types)
            .set({ seats_taken: sql`${ticket_types.seats_taken} - ${n}` })
            .where(eq(ticket_types.id, typeId));
        }
        freed = admits;
      }
      await tx
        .update(event_rsvps)
        .set({
          guest_count: sql`${event_rsvps.guest_count} - ${admits}`,
          refunded_amount: sql`${event_rsvps.refunded_amount} + ${done.amount}`,
          updated_at: new Date(),
        })
        .where(eq(event_rsvps.id, claim!.rsvp_id));
    }
    let seats: SeatCount | undefined;
    if (freed > 0) {
      const [count] = await tx
        .update(events)
        .set({ seats_taken: sql`${events.seats_taken} - ${freed}` })
        .where(eq(events.id, claim!.event_id))
        .returning({ seats_taken: events.seats_taken, seats_version: events.seats_version });
      seats = seatCountOf(claim!.event_id, count);
    }
    const r = await readRsvpWithEvent(tx, claim!.rsvp_id, { name: event_rsvps.name, email: event_rsvps.email });
    if (r?.email) {
      const payload = buildRefundEmail({
        baseUrl: d.env.PUBLIC_BASE_URL,
        to: r.email,
        name: r.name,
        event: r.event,
        amount: done.amount,
        currency: done.currency,
        reason: whole ? 'host_whole' : 'host_part',
        tickets: labels,
      });
      await enqueueEmail(tx, hostRefundEmailKey(refundId), payload);
    }
    return { refund: { id: refundId, amount: done.amount, currency: done.currency, tickets: labels, order_refunded: whole }, seats };
  });
}

async function ticketLabels(tx: Parameters<Parameters<RefundDeps['db']['transaction']>[0]>[0], refundId: string): Promise<string[]> {
  const rows = await tx
    .select({ type: ticket_types.name, number: order_tickets.number, of: order_tickets.of_count, admits: order_tickets.admits })
    .from(order_tickets)
    .innerJoin(ticket_types, eq(ticket_types.id, order_tickets.ticket_type_id))
    .where(eq(order_tickets.refund_id, refundId))
    .orderBy(asc(ticket_types.position), asc(ticket_types.name), asc(order_tickets.number));
  return rows.map((t) => ticketLabel(t));
}
