import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { enqueueEmail, type Supersede } from '../../domain/enqueue.ts';
import { assignPin } from './assign-pin.ts';
import { queuedConfirmation } from './confirmation-email.ts';
import type { TicketConfig } from '../../domain/ticket-fields.ts';
import { verificationUrl } from '../../domain/ticket-urls.ts';
import { readRsvpWithEvent } from './load-rsvp-event.ts';
import { orderSummarySql } from '../../domain/order-tickets.ts';
import { readReceipt } from './order-receipt.ts';

/** Why a guest e-mail was not queued: no e-mail address (legacy form) or no ticket (not confirmed). */
export type GuestEmailSkip = 'no_email' | 'no_ticket';
export type GuestEmailResult = { queued: boolean; to: string } | { skipped: GuestEmailSkip };

/**
 * Queues the guest's confirmation e-mail as their RSVP now stands (rsvps/confirmation-email.ts: when
 * confirmed with PIN, inline QR, ticket link and .ics; always the manage link) in the caller's
 * transaction under `key`, through the outbox (docs/decisions/0006-outbox-claim-lease.md): a repeat of
 * the same key queues nothing. `ticketOnly`: only a confirmed guest with a ticket is e-mailed (the
 * host's "Email QR"). `first`: the guest's first ticket (a payment just made), not a change of their answer.
 * The caller has checked that the actor manages the RSVP's event.
 */
export async function queueGuestEmail(
  tx: DbOrTx,
  o: { config: TicketConfig; rsvpId: string; key: string; ticketOnly: boolean; supersede?: Supersede; first?: boolean },
): Promise<GuestEmailResult> {
  const r = await readRsvpWithEvent(tx, o.rsvpId, {
    id: event_rsvps.id,
    name: event_rsvps.name,
    email: event_rsvps.email,
    status: event_rsvps.status,
    guest_count: event_rsvps.guest_count,
    revision: event_rsvps.revision,
    ticket_secret: event_rsvps.ticket_secret,
    manage_secret: event_rsvps.manage_secret,
    token: event_rsvps.qr_code_data,
    payment_status: event_rsvps.payment_status,
    order_summary: orderSummarySql,
  });
  if (!r) return { skipped: 'no_ticket' };
  if (!r.email) return { skipped: 'no_email' };
  // An order of ticket types (docs/decisions/0028-ticket-types.md): its tickets carry the QR codes, on the order's page.
  const ordered = r.order_summary !== null && r.status === 'confirmed' && r.payment_status !== 'pending';
  const ticketed = !r.order_summary && r.status === 'confirmed' && r.token !== null;

  if (o.ticketOnly && !ticketed && !ordered) return { skipped: 'no_ticket' };
  // A paid order's e-mail is its receipt too, as is a one-price ticket's (docs/product.md#taxes-and-fees).
  const receipt = (ordered || ticketed) && r.payment_status === 'paid' ? await readReceipt(tx, r.id) : null;
  const pin = ticketed ? await assignPin(tx, { rsvpId: r.id, eventId: r.event.id }) : null;
  const email = queuedConfirmation({
    baseUrl: o.config.baseUrl,
    to: r.email,
    event: r.event,
    rsvp: { id: r.id, name: r.name, status: r.status, guest_count: r.guest_count, revision: r.revision },
    updated: !o.first,
    manageSecret: r.manage_secret,
    ...(pin && r.token
      ? { ticket: { pin, verificationUrl: verificationUrl(o.config.baseUrl, r.token), ticketSecret: r.ticket_secret } }
      : {}),
    ...(ordered ? { order: { ticketSecret: r.ticket_secret, summary: r.order_summary! } } : {}),
    ...(receipt ? { receipt } : {}),
  });
  return { queued: await enqueueEmail(tx, o.key, email, o.supersede), to: r.email };
}

/** The outbox key of the ticket e-mail a rotation sends: one per QR version. */
export const rotatedTicketKey = (rsvpId: string, qrVersion: number) => `ticket:${rsvpId}:v${qrVersion}`;
