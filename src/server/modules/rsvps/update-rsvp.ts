import { and, eq } from 'drizzle-orm';
import type { TRsvpResult } from '../../../common/schemas/rsvps.ts';
import type { Db } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { renderQrPng } from '../tickets/qr-image.ts';
import { answeredTicketColumns, type TicketConfig } from '../tickets/ticket-fields.ts';
import { verificationUrl } from '../tickets/ticket-urls.ts';
import { assignPin } from './assign-pin.ts';
import { buildConfirmationEmail, confirmationKey, confirmationSupersede } from './confirmation-email.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';
import { type RsvpAnswer, rsvpResult } from './rsvp-answer.ts';
import { seatTransaction } from './seat-transaction.ts';
import { seatsHeld } from './seats.ts';

/**
 * The same e-mail answering the same event again: updates its one RSVP (row-locked), moves the seat
 * counter by the difference (negative when downgrading), and queues one e-mail per change of what
 * the ticket says (status, guest count, name) — keyed by the bumped revision. An identical
 * resubmission writes and queues nothing (email_queued: false). Leaving 'confirmed' rotates the QR
 * (tickets/ticket-fields.ts), so that ticket stays refused even after a later yes (which signs a new
 * one), and clears
 * confirmed_at; becoming confirmed sets it. Null when there is no such RSVP.
 */
export async function updateRsvp(opts: {
  db: Db;
  config: TicketConfig;
  event: RsvpEvent;
  answer: RsvpAnswer;
}): Promise<TRsvpResult | null> {
  const { db, config, event, answer } = opts;
  return seatTransaction(db, async (tx) => {
    const [cur] = await tx
      .select({
        id: event_rsvps.id,
        name: event_rsvps.name,
        phone: event_rsvps.phone,
        notes: event_rsvps.notes,
        guest_count: event_rsvps.guest_count,
        status: event_rsvps.status,
        ticket_secret: event_rsvps.ticket_secret,
        qr_nonce: event_rsvps.qr_nonce,
        qr_version: event_rsvps.qr_version,
        revision: event_rsvps.revision,
      })
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, event.id), eq(event_rsvps.email, answer.email)))
      .limit(1)
      .for('update');
    if (!cur) return null;
    const next = {
      name: answer.name,
      phone: answer.phone ?? null,
      notes: answer.notes ?? null,
      guest_count: answer.guest_count,
      status: answer.status,
    };
    const answerChanged = next.status !== cur.status || next.guest_count !== cur.guest_count || next.name !== cur.name;
    if (!answerChanged) {
      if (next.phone !== cur.phone || next.notes !== cur.notes) {
        await tx
          .update(event_rsvps)
          .set({ phone: next.phone, notes: next.notes, updated_at: new Date() })
          .where(eq(event_rsvps.id, cur.id));
      }
      return {
        value: rsvpResult({ id: cur.id, ticket_secret: cur.ticket_secret, ...next }, { updated: true, emailQueued: false }),
        rsvpId: cur.id,
        eventId: event.id,
        delta: 0,
      };
    }

    const revision = cur.revision + 1;
    const wasConfirmed = cur.status === 'confirmed';
    const confirmed = next.status === 'confirmed';
    const { columns, token } = answeredTicketColumns(config, { prev: cur, confirmed });
    const now = new Date();
    await tx
      .update(event_rsvps)
      .set({
        ...next,
        revision,
        ...columns,
        ...(confirmed === wasConfirmed ? {} : { confirmed_at: confirmed ? now : null }),
        updated_at: now,
      })
      .where(eq(event_rsvps.id, cur.id));
    const pin = confirmed ? await assignPin(tx, { rsvpId: cur.id, eventId: event.id }) : null;
    const qrPng = token ? renderQrPng(verificationUrl(config.baseUrl, token)) : null;
    const rsvp = {
      id: cur.id,
      name: next.name,
      status: next.status,
      guest_count: next.guest_count,
      revision,
      ticket_secret: cur.ticket_secret,
    };
    await enqueueEmail(
      tx,
      confirmationKey(rsvp),
      buildConfirmationEmail({
        baseUrl: config.baseUrl,
        to: answer.email,
        event,
        rsvp,
        updated: true,
        ...(pin && qrPng ? { ticket: { pin, qrPng, ticketSecret: cur.ticket_secret } } : {}),
      }),
      confirmationSupersede(rsvp),
    );
    return {
      value: rsvpResult(rsvp, { updated: true, emailQueued: true }),
      rsvpId: cur.id,
      eventId: event.id,
      delta: seatsHeld(next) - seatsHeld(cur),
    };
  });
}
