import { and, eq, sql } from 'drizzle-orm';
import type { TGuestDetail } from '../../../common/schemas/guests.responses.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { DbOrTx } from '../../db/client.ts';
import { short_links } from '../../db/schema/guests.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import type { Actor } from '../../domain/event-access.ts';
import { shortLinkUrl } from '../../domain/short-link-code.ts';
import type { TicketConfig } from '../../domain/ticket-fields.ts';
import { qrImagePath, ticketPageUrl, verificationUrl } from '../../domain/ticket-urls.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import { guestRowColumns, toGuestRow } from './guest-row.ts';

export const RSVP_NOT_FOUND = 'RSVP not found';

/**
 * One guest as the RSVP detail and QR dialogs show it (docs/product.md#guest-list): the row, and when
 * confirmed its QR image, ticket page and verification URLs and its current short link. Owner or
 * co-host of the event only; anyone else (and an RSVP of another event) 404.
 */
export async function getGuest(opts: {
  db: DbOrTx;
  actor: Actor;
  config: TicketConfig;
  eventId: string;
  rsvpId: string;
}): Promise<TGuestDetail> {
  const { db, config } = opts;
  if (!isUuid(opts.eventId) || !isUuid(opts.rsvpId)) throw notFound(RSVP_NOT_FOUND);
  const [row] = await db
    .select({
      ...guestRowColumns,
      qr_version: event_rsvps.qr_version,
      reminders_off: event_rsvps.reminders_off,
      confirmed_at: event_rsvps.confirmed_at,
      ticket_secret: event_rsvps.ticket_secret,
      token: event_rsvps.qr_code_data,
      short_code: sql<string | null>`(select ${short_links.code} from ${short_links} where ${short_links.rsvp_id} = ${event_rsvps.id}
        and ${short_links.target} = 'ticket' and ${short_links.ticket_secret} = ${event_rsvps.ticket_secret})`,
    })
    .from(event_rsvps)
    .leftJoin(rsvp_pins, eq(rsvp_pins.rsvp_id, event_rsvps.id))
    .where(and(eq(event_rsvps.id, opts.rsvpId), guestWhere(opts.actor, opts.eventId, {})))
    .limit(1);
  if (!row) throw notFound(RSVP_NOT_FOUND);
  const { qr_version, reminders_off, confirmed_at, ticket_secret, token, short_code, ...rest } = row;
  const ticketed = rest.has_ticket && token !== null;
  // An order of ticket types: its page lists its tickets (docs/decisions/0028-ticket-types.md).
  const ordered = Boolean(rest.tickets) && rest.status === 'confirmed' && rest.payment_status !== 'pending';
  return {
    ...toGuestRow(rest),
    qr_version,
    reminders_off,
    confirmed_at: confirmed_at?.toISOString() ?? null,
    qr_png_url: ticketed ? qrImagePath(ticket_secret, qr_version, 'png') : null,
    qr_svg_url: ticketed ? qrImagePath(ticket_secret, qr_version, 'svg') : null,
    ticket_url: ticketed || ordered ? ticketPageUrl(config.baseUrl, ticket_secret) : null,
    verification_url: ticketed && token ? verificationUrl(config.baseUrl, token) : null,
    short_url: ticketed && short_code ? shortLinkUrl(config.baseUrl, short_code) : null,
  };
}
