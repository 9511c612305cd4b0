import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A waiting party's 1-based place in its event's line (docs/product.md#waitlist: "You're 3rd"): the parties still
 * waiting ahead of it, plus one; null when it is not waiting (offered, or no longer on the list). One index range
 * of event_rsvps_waitlist_idx.
 */
export async function placeInLine(db: DbOrTx, rsvpId: string): Promise<number | null> {
  const res = await db.execute<{ place: number | null }>(sql`
    select case when r.status = 'waitlisted' then (
        select count(*)::int + 1 from event_rsvps w
        where w.event_id = r.event_id and w.status = 'waitlisted' and w.waitlist_position < r.waitlist_position)
      end as place
    from event_rsvps r where r.id = ${rsvpId}`);
  return res.rows[0]?.place ?? null;
}

/**
 * Offers the event's free seats to its waitlist now (the migration's turnout_waitlist_promote: the event row
 * locked first, as a seat write does, then the first waiting parties that fit). For a change that moves no seat
 * count (a party joins, a host moves one up); freed seats are offered by the trigger on the event row. Returns
 * the seats offered.
 */
export async function offerFreeSeats(tx: DbOrTx, eventId: string): Promise<number> {
  const res = await tx.execute<{ offered: number }>(sql`select turnout_waitlist_promote(${eventId}::uuid) as offered`);
  return Number(res.rows[0]?.offered ?? 0);
}
