import { and, eq, sql } from 'drizzle-orm';
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
  return {
    event_id: eventId,
    guests: { total: r.guests, checked_in: r.guests_in, pending: r.guests - r.guests_in },
    rsvps: { total: r.rsvps, checked_in: r.rsvps_in, pending: r.rsvps - r.rsvps_in },
  };
}
