import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { seatTransaction } from '../rsvps/seat-transaction.ts';

/**
 * Ends an offer that ran out unclaimed (docs/product.md#waitlist), exactly once: under the RSVP's row lock, only
 * while it is still 'offered' and lapsed at `now`. The party leaves the line ('declined') and its seats are given
 * back in the same transaction, whose seat UPDATE offers them to the next waiting party (the trigger of migration
 * 0027). Returns whether it released this one.
 */
export async function releaseLapsedOffer(db: Db, rsvpId: string, now: Date): Promise<boolean> {
  const done = await seatTransaction(db, async (tx) => {
    const [cur] = await tx
      .select({
        event_id: event_rsvps.event_id,
        status: event_rsvps.status,
        guest_count: event_rsvps.guest_count,
        until: event_rsvps.offer_until,
      })
      .from(event_rsvps)
      .where(eq(event_rsvps.id, rsvpId))
      .for('update');
    if (cur?.status !== 'offered' || !cur.until || cur.until.getTime() > now.getTime()) return null;
    await tx
      .update(event_rsvps)
      .set({ status: 'declined', offer_until: null, revision: sql`${event_rsvps.revision} + 1`, updated_at: new Date() })
      .where(eq(event_rsvps.id, rsvpId));
    return { value: true, rsvpId, eventId: cur.event_id, delta: -cur.guest_count };
  });
  return done === true;
}
