import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { assignPin } from '../rsvps/assign-pin.ts';
import { buildConfirmationEmail } from '../rsvps/confirmation-email.ts';
import { renderQrPng } from '../tickets/qr-image.ts';
import type { TicketConfig } from '../tickets/ticket-fields.ts';
import { verificationUrl } from '../tickets/ticket-urls.ts';

/** Why a ticket e-mail was not queued: no e-mail address (legacy form) or no ticket (not confirmed). */
export type TicketEmailSkip = 'no_email' | 'no_ticket';
export type TicketEmailResult = { queued: boolean; to: string } | { skipped: TicketEmailSkip };

/**
 * Queues the guest's current ticket (the confirmation e-mail with PIN, inline QR, ticket link and .ics:
 * rsvps/confirmation-email.ts) in the caller's transaction under `key`, through the outbox
 * (docs/decisions/0006-outbox-claim-lease.md): a repeat of the same key queues nothing. The caller
 * has checked that the actor manages the RSVP's event.
 */
export async function queueTicketEmail(tx: DbOrTx, o: { config: TicketConfig; rsvpId: string; key: string }): Promise<TicketEmailResult> {
  const [r] = await tx
    .select({
      id: event_rsvps.id,
      name: event_rsvps.name,
      email: event_rsvps.email,
      status: event_rsvps.status,
      guest_count: event_rsvps.guest_count,
      revision: event_rsvps.revision,
      ticket_secret: event_rsvps.ticket_secret,
      token: event_rsvps.qr_code_data,
      event: {
        id: events.id,
        title: events.title,
        subtitle: events.subtitle,
        event_date: events.event_date,
        end_date: events.end_date,
        timezone: events.timezone,
        location: events.location,
        max_attendees: events.max_attendees,
        is_paid_event: events.is_paid_event,
        has_payment_keys: sql<boolean>`(${events.stripe_publishable_key} IS NOT NULL AND ${events.stripe_secret_key_enc} IS NOT NULL)`,
      },
    })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .where(eq(event_rsvps.id, o.rsvpId))
    .limit(1);
  if (!r) return { skipped: 'no_ticket' };
  if (!r.email) return { skipped: 'no_email' };
  if (r.status !== 'confirmed' || !r.token) return { skipped: 'no_ticket' };
  const pin = await assignPin(tx, { rsvpId: r.id, eventId: r.event.id });
  const email = buildConfirmationEmail({
    baseUrl: o.config.baseUrl,
    to: r.email,
    event: r.event,
    rsvp: { id: r.id, name: r.name, status: r.status, guest_count: r.guest_count, revision: r.revision },
    updated: true,
    ticket: { pin, qrPng: renderQrPng(verificationUrl(o.config.baseUrl, r.token)), ticketSecret: r.ticket_secret },
  });
  return { queued: await enqueueEmail(tx, o.key, email), to: r.email };
}

/** The outbox key of the ticket e-mail a rotation sends: one per QR version. */
export const rotatedTicketKey = (rsvpId: string, qrVersion: number) => `ticket:${rsvpId}:v${qrVersion}`;
