import { and, asc, eq, sql } from 'drizzle-orm';
import { order_tickets, ticket_types } from '../../db/schema/tickets.ts';
import type { TCheckinStats } from '../../../common/schemas/checkin.responses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { admissibleSql } from '../tickets/verify-ticket.ts';

/**
 * Total / Checked In / Pending of an event's admissible answers (tickets/verify-ticket.ts: confirmed and not at the checkout, or paid), in guests (party
 * sizes and admissions: "3 of 5 in" counts 3) and in RSVPs (one admitted guest makes an RSVP checked in).
 * One aggregate over the event's RSVPs (event_rsvps_event_created_idx).
 */
export async function checkinStats(db: DbOrTx, eventId: string): Promise<TCheckinStats> {
  const [row] = await db
    .select({
      guests: sql<number>`coalesce(sum(${event_rsvps.guest_count}), 0)::int`,
      guests_in: sql<number>`coalesce(sum(least(${event_rsvps.checked_in_count}, ${event_rsvps.guest_count})), 0)::int`,
      rsvps: sql<number>`count(*)::int`,
      rsvps_in: sql<number>`count(*) filter (where ${event_rsvps.checked_in_count} > 0)::int`,
    })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.event_id, eventId), admissibleSql));
  const r = row!;
  const types = await typeStats(db, eventId);
  return {
    event_id: eventId,
    guests: { total: r.guests, checked_in: r.guests_in, pending: r.guests - r.guests_in },
    rsvps: { total: r.rsvps, checked_in: r.rsvps_in, pending: r.rsvps - r.rsvps_in },
    ...(types.length ? { by_type: types } : {}),
  };
}

/**
 * Guests per ticket type (docs/product.md#ticket-types): the admissions of each type's tickets in admissible orders,
 * and how many of them are in. No type: one empty index probe.
 */
async function typeStats(db: DbOrTx, eventId: string) {
  const rows = await db
    .select({
      name: ticket_types.name,
      // A refunded ticket admits nobody (docs/product.md#refunds): it is in no type's figures.
      total: sql<number>`coalesce(sum(${order_tickets.admits}) filter (where ${admissibleSql} and ${order_tickets.refunded_at} is null), 0)::int`,
      in: sql<number>`coalesce(sum(${order_tickets.checked_in_count}) filter (where ${admissibleSql} and ${order_tickets.refunded_at} is null), 0)::int`,
    })
    .from(ticket_types)
    .leftJoin(order_tickets, eq(order_tickets.ticket_type_id, ticket_types.id))
    .leftJoin(event_rsvps, eq(event_rsvps.id, order_tickets.rsvp_id))
    .where(eq(ticket_types.event_id, eventId))
    .groupBy(ticket_types.id, ticket_types.name, ticket_types.position)
    .orderBy(asc(ticket_types.position));
  return rows.map((t) => ({ name: t.name, counts: { total: t.total, checked_in: t.in, pending: t.total - t.in } }));
}
