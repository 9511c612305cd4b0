import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import type { TWaitlistPlace } from '../../../common/schemas/waitlist.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import { isManageSecret } from '../rsvps/rsvp-answer.ts';
import { placeInLine } from './waitlist-place.ts';

/**
 * Where a party stands (docs/product.md#waitlist), read through its manage link only: its place in line while it
 * waits ("You're 3rd"), the deadline of the seats offered to it; null when the answer is not on the waitlist.
 */
export async function getWaitlistPlace(db: Db, manageSecret: string): Promise<TWaitlistPlace | null> {
  if (!isManageSecret(manageSecret)) throw notFound(MSG.manageLinkInvalid);
  const [r] = await db
    .select({
      id: event_rsvps.id,
      status: event_rsvps.status,
      guest_count: event_rsvps.guest_count,
      offer_until: event_rsvps.offer_until,
      timezone: events.timezone,
      paid: events.is_paid_event,
    })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .where(eq(event_rsvps.manage_secret, manageSecret))
    .limit(1);
  if (!r) throw notFound(MSG.manageLinkInvalid);
  if (r.status !== 'waitlisted' && r.status !== 'offered') return null;
  return {
    status: r.status,
    place: r.status === 'waitlisted' ? await placeInLine(db, r.id) : null,
    guest_count: r.guest_count,
    offer_until: r.offer_until?.toISOString() ?? null,
    timezone: r.timezone,
    paid: r.paid,
  };
}
