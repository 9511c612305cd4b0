import { and, eq, exists, sql } from 'drizzle-orm';
import type { TRegeneratedQr } from '../../../common/schemas/rsvps.responses.ts';
import { eventAccess } from '../../domain/event-access.ts';
import type { SessionUser } from '../../auth/auth.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { assignPin, randomPin } from '../rsvps/assign-pin.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { queueGuestEmail, rotatedTicketKey } from '../rsvps/queue-answer-email.ts';
import { rotateTicketKeys, type TicketColumns, type TicketConfig, type TicketKeys, ticketColumns } from '../../domain/ticket-fields.ts';
import { ticketPageUrl, verificationUrl } from '../../domain/ticket-urls.ts';

/**
 * Rotates a confirmed RSVP's ticket: a new QR version and nonce, a new ticket secret
 * (domain/ticket-fields.ts) and a new door PIN (rsvps/assign-pin.ts), so the old QR token (and any
 * legacy payload), the old PIN, the old ticket page URL and the old QR image URLs are refused from now on. Someone who may not manage the event gets 404.
 * Since the guest's ticket stops working, the new one is e-mailed to them in the same transaction
 * (through the outbox, one message per QR version: docs/product.md#guest-list).
 */
export async function regenerateTicketQr(opts: {
  db: Db;
  config: TicketConfig;
  user: SessionUser;
  eventId: string;
  rsvpId: string;
}): Promise<Omit<TRegeneratedQr, 'email_delivery'>> {
  if (!isUuid(opts.eventId) || !isUuid(opts.rsvpId)) throw notFound('RSVP not found');
  return opts.db.transaction(async (tx) => {
    const [cur] = await tx
      .select({
        id: event_rsvps.id,
        status: event_rsvps.status,
        ticket_secret: event_rsvps.ticket_secret,
        qr_nonce: event_rsvps.qr_nonce,
        qr_version: event_rsvps.qr_version,
      })
      .from(event_rsvps)
      .where(
        and(
          eq(event_rsvps.id, opts.rsvpId),
          eq(event_rsvps.event_id, opts.eventId),
          // Guests are the owner's and co-hosts' to manage (ADR 0011).
          exists(
            tx
              .select({ one: sql`1` })
              .from(events)
              .where(and(eq(events.id, event_rsvps.event_id), eventAccess(opts.user, 'manage'))),
          ),
        ),
      )
      .for('update');
    if (!cur) throw notFound('RSVP not found');
    if (cur.status !== 'confirmed') throw new AppError('conflict', 'Only confirmed guests have a ticket QR code.');
    const { columns, token, emailQueued } = await rotateTicket(tx, { config: opts.config, eventId: opts.eventId, cur });
    return {
      id: cur.id,
      qr_version: columns.qr_version,
      qr_code_data: token,
      qr_code_url: columns.qr_code_image_url!,
      verification_url: verificationUrl(opts.config.baseUrl, token),
      ticket_url: ticketPageUrl(opts.config.baseUrl, columns.ticket_secret),
      email_queued: emailQueued,
    };
  });
}

/**
 * Rotates one confirmed RSVP's ticket in the caller's transaction (the RSVP row locked by the caller):
 * new ticket secret, QR version and nonce, a new PIN (never the old one), and the new ticket queued to
 * the guest's e-mail (one message per QR version). Also used by the QR backfill's force mode.
 */
export async function rotateTicket(
  tx: DbOrTx,
  o: { config: TicketConfig; eventId: string; cur: TicketKeys & { id: string } },
): Promise<{ columns: TicketColumns; token: string; emailQueued: boolean }> {
  const { cur } = o;
  const { columns, token } = ticketColumns(o.config, rotateTicketKeys(cur, { newPage: true }), true);
  await tx
    .update(event_rsvps)
    .set({ ...columns, updated_at: new Date() })
    .where(eq(event_rsvps.id, cur.id));
  // The PIN opens the door too: a rotated ticket gets a new one, never the old one again.
  const [old] = await tx.delete(rsvp_pins).where(eq(rsvp_pins.rsvp_id, cur.id)).returning({ pin: rsvp_pins.pin });
  const draw = () => {
    let pin = randomPin();
    while (pin === old?.pin) pin = randomPin();
    return pin;
  };
  await assignPin(tx, { rsvpId: cur.id, eventId: o.eventId, isNew: true, draw });
  const mail = await queueGuestEmail(tx, {
    config: o.config,
    rsvpId: cur.id,
    key: rotatedTicketKey(cur.id, columns.qr_version),
    ticketOnly: true,
  });
  return { columns, token: token!, emailQueued: 'queued' in mail && mail.queued };
}
