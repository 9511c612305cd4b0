import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { TWaitlistPromoteResult } from '../../../common/schemas/waitlist.ts';
import { WAITLIST_MSG } from '../../../common/waitlist-texts.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import { AppError, notFound } from '../../errors.ts';
import { RSVP_NOT_FOUND } from '../guests/get-guest.ts';
import { offerFreeSeats, placeInLine } from './waitlist-place.ts';

/**
 * A host moves a waiting party to the front of the line (docs/product.md#waitlist) and, when its party fits in the
 * free seats, it is offered them at once (held, announced, claimable like any offer). Never past the capacity: a
 * party that does not fit waits first in line for the next seats. The event row is locked first, as a seat write
 * does; then the party's row (eventAccess inside the query: 404 for anyone else's event or RSVP).
 */
export async function promoteGuest(o: { db: Db; actor: Actor; eventId: string; rsvpId: string }): Promise<TWaitlistPromoteResult> {
  if (!isUuid(o.eventId) || !isUuid(o.rsvpId)) throw notFound(MSG.eventNotFound);
  const status = await o.db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, o.eventId), eventAccess(o.actor, 'manage')))
      .for('update');
    if (!event) throw notFound(MSG.eventNotFound);
    const [cur] = await tx
      .select({ status: event_rsvps.status })
      .from(event_rsvps)
      .where(and(eq(event_rsvps.id, o.rsvpId), guestWhere(o.actor, o.eventId, {})))
      .for('update');
    if (!cur) throw notFound(RSVP_NOT_FOUND);
    if (cur.status !== 'waitlisted') throw new AppError('conflict', WAITLIST_MSG.notWaiting);
    await tx.execute(sql`
      update event_rsvps set waitlist_position = coalesce((
          select min(w.waitlist_position) from event_rsvps w where w.event_id = ${o.eventId} and w.status = 'waitlisted'), 1) - 1,
        updated_at = now()
      where id = ${o.rsvpId}`);
    await offerFreeSeats(tx, o.eventId);
    const [after] = await tx.select({ status: event_rsvps.status }).from(event_rsvps).where(eq(event_rsvps.id, o.rsvpId));
    return after!.status === 'offered' ? ('offered' as const) : ('waitlisted' as const);
  });
  return { status, place: status === 'waitlisted' ? await placeInLine(o.db, o.rsvpId) : null };
}
