import { eq } from 'drizzle-orm';
import type { TTicket } from '../../../common/schemas/rsvps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_themes, events } from '../../db/schema/events.ts';
import { eventTheme, eventThemeColumns } from '../themes/theme-row.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import { signTicketToken } from '../../domain/ticket-token.ts';
import { isTicketSecret, qrImagePath, verificationUrl } from '../../domain/ticket-urls.ts';

export const TICKET_NOT_FOUND = 'Ticket not found';

/**
 * The guest ticket page (docs/product.md#ticket-page), by the ticket's own secret, never by the RSVP id (a rotated secret
 * finds nothing: docs/decisions/0010-ticket-secrets.md). Declined answers have no ticket (404);
 * a 'maybe' is shown without QR and PIN. Explicit columns only: no e-mail, phone or notes.
 */
export async function getTicket(opts: { db: DbOrTx; baseUrl: string; signingKey: string; ticketSecret: string }): Promise<TTicket> {
  if (!isTicketSecret(opts.ticketSecret)) throw notFound(TICKET_NOT_FOUND);
  const [row] = await opts.db
    .select({
      id: event_rsvps.id,
      name: event_rsvps.name,
      guest_count: event_rsvps.guest_count,
      status: event_rsvps.status,
      payment_status: event_rsvps.payment_status,
      ticket_secret: event_rsvps.ticket_secret,
      qr_nonce: event_rsvps.qr_nonce,
      qr_version: event_rsvps.qr_version,
      created_at: event_rsvps.created_at,
      confirmed_at: event_rsvps.confirmed_at,
      pin: rsvp_pins.pin,
      event: {
        id: events.id,
        slug: events.slug,
        title: events.title,
        subtitle: events.subtitle,
        image_url: events.image_url,
        event_date: events.event_date,
        end_date: events.end_date,
        timezone: events.timezone,
        location: events.location,
        is_paid_event: events.is_paid_event,
      },
      ...eventThemeColumns,
    })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .leftJoin(rsvp_pins, eq(rsvp_pins.rsvp_id, event_rsvps.id))
    .leftJoin(event_themes, eq(event_themes.id, events.theme_id))
    .where(eq(event_rsvps.ticket_secret, opts.ticketSecret))
    .limit(1);
  if (!row || row.status === 'declined') throw notFound(TICKET_NOT_FOUND);
  const hasTicket = row.status === 'confirmed';
  const token = hasTicket ? signTicketToken({ key: opts.signingKey, nonce: row.qr_nonce }) : null;
  return {
    id: row.id,
    name: row.name,
    guest_count: row.guest_count,
    status: row.status,
    payment_status: row.payment_status,
    pin: hasTicket ? row.pin : null,
    created_at: row.created_at.toISOString(),
    confirmed_at: hasTicket ? (row.confirmed_at?.toISOString() ?? null) : null,
    qr_png_url: hasTicket ? qrImagePath(row.ticket_secret, row.qr_version, 'png') : null,
    qr_svg_url: hasTicket ? qrImagePath(row.ticket_secret, row.qr_version, 'svg') : null,
    verification_url: token ? verificationUrl(opts.baseUrl, token) : null,
    event: {
      ...row.event,
      event_date: row.event.event_date.toISOString(),
      end_date: row.event.end_date?.toISOString() ?? null,
      theme: eventTheme(row),
    },
  };
}
