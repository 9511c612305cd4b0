import { and, eq } from 'drizzle-orm';
import type { TTicketSent } from '../../../common/schemas/guests.responses.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { GUEST_LIST_MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Actor } from '../../domain/event-access.ts';
import type { TicketConfig } from '../../domain/ticket-fields.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import { RSVP_NOT_FOUND } from './get-guest.ts';
import { type GuestEmailSkip, queueGuestEmail } from '../rsvps/queue-answer-email.ts';

/** A host's "Email QR" is sent at most once per ticket version and minute (a double click sends one). */
const SEND_WINDOW_MS = 60_000;

/** The 409 of a guest who cannot be e-mailed a ticket. */
export function skipError(skip: GuestEmailSkip): AppError {
  return skip === 'no_email'
    ? new AppError('conflict', GUEST_LIST_MSG.guestNoEmail)
    : new AppError('conflict', GUEST_LIST_MSG.noQrCodeText);
}

/**
 * E-mails one confirmed guest their current ticket (docs/product.md#guest-list) through the outbox.
 * 409 when the guest has no e-mail or no ticket; 404 unless the actor manages the event.
 */
export async function sendTicket(o: {
  db: Db;
  actor: Actor;
  config: TicketConfig;
  eventId: string;
  rsvpId: string;
  now?: Date;
}): Promise<Omit<TTicketSent, 'email_delivery'>> {
  if (!isUuid(o.eventId) || !isUuid(o.rsvpId)) throw notFound(RSVP_NOT_FOUND);
  const bucket = Math.floor((o.now ?? new Date()).getTime() / SEND_WINDOW_MS);
  return o.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: event_rsvps.id, qr_version: event_rsvps.qr_version })
      .from(event_rsvps)
      .where(and(eq(event_rsvps.id, o.rsvpId), guestWhere(o.actor, o.eventId, {})))
      .limit(1);
    if (!row) throw notFound(RSVP_NOT_FOUND);
    const mail = await queueGuestEmail(tx, {
      config: o.config,
      rsvpId: row.id,
      key: `ticket-send:${row.id}:v${row.qr_version}:${bucket}`,
      ticketOnly: true,
    });
    if ('skipped' in mail) throw skipError(mail.skipped);
    return mail;
  });
}
