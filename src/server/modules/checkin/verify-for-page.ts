import { and, eq } from 'drizzle-orm';
import type { TTicketVerification } from '../../../common/schemas/responses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { type Actor, eventAccess } from '../events/event-access.ts';
import { ticketMatch } from '../tickets/verify-ticket.ts';
import { admissible, guestColumns } from './checkin-guest.ts';
import { verdict } from './record-scan.ts';
import { checkinEventColumns } from './team-event.ts';

/**
 * The ticket verification page (docs/product.md#check-in): what a QR's content is worth. Only a QR's
 * content counts here (a token, its URL or a legacy payload), never a PIN: this page is public and six
 * digits can be guessed. A signed-in member of the ticket's event's team gets the verdict (guest, state;
 * 'other_event' when staff selected another event); anybody else learns only whether the ticket is valid
 * and for which event.
 */
export async function verifyForPage(opts: {
  db: DbOrTx;
  signingKey: string;
  actor: Actor | null;
  code: string;
  eventId?: string;
}): Promise<TTicketVerification> {
  const found = ticketMatch(opts.signingKey, opts.code);
  const invalid: TTicketVerification = { access: 'public', valid: false, event: null, verdict: null };
  if (!found) return invalid;
  const [row] = await opts.db
    .select({ guest: guestColumns, event: checkinEventColumns })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .where(found.match)
    .limit(1);
  if (!row || !admissible(row.guest)) return invalid;
  const team =
    opts.actor &&
    (
      await opts.db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, row.event.id), eventAccess(opts.actor, 'checkin')))
        .limit(1)
    ).length > 0;
  const event = { id: row.event.id, title: row.event.title, image_url: row.event.image_url };
  if (!team) return { access: 'public', valid: true, event, verdict: null };
  const other = opts.eventId && opts.eventId !== row.event.id;
  return {
    access: 'team',
    valid: !other,
    event,
    verdict: await verdict(opts.db, {
      event: row.event,
      guest: other ? null : row.guest,
      admitted: 0,
      reason: other ? 'other_event' : null,
      replay: false,
    }),
  };
}
