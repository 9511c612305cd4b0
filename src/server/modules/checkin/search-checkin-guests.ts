import { and, asc, eq } from 'drizzle-orm';
import { CHECKIN_SEARCH_LIMIT } from '../../../common/constants.ts';
import type { TCheckinSearch } from '../../../common/schemas/checkin.responses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { searchCondition } from '../../domain/guest-query.ts';
import { guestCard, guestColumns } from './checkin-guest.ts';
import { admissibleSql } from '../tickets/verify-ticket.ts';

/**
 * Door search (docs/product.md#check-in): the event's admissible answers whose name, e-mail or phone
 * contains the text, or whose PIN it is — the guest list's one search rule and its trigram index
 * (domain/guest-query.ts). The e-mail is searched, never shown. Empty text: nothing.
 */
export async function searchCheckinGuests(db: DbOrTx, eventId: string, q: string): Promise<TCheckinSearch> {
  const text = q.trim();
  if (!text) return { guests: [] };
  const rows = await db
    .select({ ...guestColumns, pin: rsvp_pins.pin })
    .from(event_rsvps)
    .leftJoin(rsvp_pins, eq(rsvp_pins.rsvp_id, event_rsvps.id))
    .where(and(eq(event_rsvps.event_id, eventId), admissibleSql, searchCondition(eventId, text)))
    .orderBy(asc(event_rsvps.name), asc(event_rsvps.id))
    .limit(CHECKIN_SEARCH_LIMIT);
  return {
    guests: rows.map(({ pin, ...g }) => ({ ...guestCard(g), pin })),
  };
}
