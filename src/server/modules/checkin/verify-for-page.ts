import { and, eq } from 'drizzle-orm';
import type { TTicketVerification } from '../../../common/schemas/checkin.responses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';
import { verifyTicket } from '../tickets/verify-ticket.ts';
import { guestColumns } from './checkin-guest.ts';
import { verdict } from './record-scan.ts';
import { checkinEventColumns } from './team-event.ts';

/**
 * The ticket verification page (docs/product.md#check-in): what a QR's content is worth. Only a QR's
 * content counts here (a token, its URL or a legacy payload), never a PIN: this page is public and six
 * digits can be guessed. The ticket is found by verifyTicket, the rule the tests hold it to. A signed-in
 * member of the ticket's event's team gets the verdict (guest, state; 'other_event' when staff selected
 * another event); anybody else learns only whether the ticket is valid for the selected event (any event
 * when none is selected) and which event that is.
 */
export async function verifyForPage(opts: {
  db: DbOrTx;
  signingKey: string;
  actor: Actor | null;
  code: string;
  eventId?: string;
}): Promise<TTicketVerification> {
  const invalid: TTicketVerification = { access: 'public', valid: false, event: null, verdict: null };
  const ticket = await verifyTicket({ db: opts.db, signingKey: opts.signingKey, token: opts.code });
  if (!ticket) return invalid;
  const [row] = await opts.db
    .select({ guest: guestColumns, event: checkinEventColumns })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .where(eq(event_rsvps.id, ticket.rsvpId))
    .limit(1);
  if (!row) return invalid; // deleted between the two reads
  const team =
    opts.actor &&
    (
      await opts.db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, row.event.id), eventAccess(opts.actor, 'checkin')))
        .limit(1)
    ).length > 0;
  const other = Boolean(opts.eventId && opts.eventId !== row.event.id);
  const event = { id: row.event.id, title: row.event.title, image_url: row.event.image_url };
  if (!team) return other ? invalid : { access: 'public', valid: true, event, verdict: null };
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
      ...(ticket.ticketId ? { ticketId: ticket.ticketId } : {}),
    }),
  };
}
