import { eq } from 'drizzle-orm';
import type { GuestStatus } from '../../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { answeredTicketColumns, type TicketConfig } from '../../domain/ticket-fields.ts';
import { confirmationKey, confirmationSupersede } from './confirmation-email.ts';
import { queueGuestEmail } from './queue-answer-email.ts';
import { seatsHeld } from './seats.ts';

/** What a change of answer reads of the RSVP, row-locked by the caller. */
export const answerStateColumns = {
  id: event_rsvps.id,
  status: event_rsvps.status,
  guest_count: event_rsvps.guest_count,
  revision: event_rsvps.revision,
  ticket_secret: event_rsvps.ticket_secret,
  qr_nonce: event_rsvps.qr_nonce,
  qr_version: event_rsvps.qr_version,
};

export type AnswerState = {
  id: string;
  status: GuestStatus;
  guest_count: number;
  revision: number;
  ticket_secret: string;
  qr_nonce: string;
  qr_version: number;
};

/** The answer as it is to be: status and party size, and what else the caller changes with them. */
export type NextAnswer = { status: GuestStatus; guest_count: number; name?: string; phone?: string | null; notes?: string | null };

/**
 * The one writer of a changed answer, for the guest's manage link (change-rsvp.ts) and for staff
 * (guests/change-guest.ts): bumps the revision, re-signs or retires the ticket (leaving 'confirmed'
 * rotates the QR: domain/ticket-fields.ts), sets or clears confirmed_at, and queues the guest's e-mail
 * of the new state keyed by that revision (an older one still waiting is superseded). Returns the seat
 * change for the caller's seatTransaction, which commits it with the row.
 */
export async function applyAnswer(
  tx: DbOrTx,
  o: { config: TicketConfig; cur: AnswerState; next: NextAnswer; manageSecret?: string },
): Promise<{ emailQueued: boolean; delta: number }> {
  const { cur, next } = o;
  const confirmed = next.status === 'confirmed';
  const wasConfirmed = cur.status === 'confirmed';
  const revision = cur.revision + 1;
  const { columns } = answeredTicketColumns(o.config, { prev: cur, confirmed });
  const now = new Date();
  await tx
    .update(event_rsvps)
    .set({
      ...next,
      revision,
      ...columns,
      ...(o.manageSecret ? { manage_secret: o.manageSecret } : {}),
      ...(confirmed === wasConfirmed ? {} : { confirmed_at: confirmed ? now : null }),
      // A waitlist offer ends with any other state (docs/product.md#waitlist).
      ...(next.status === 'offered' ? {} : { offer_until: null }),
      updated_at: now,
    })
    .where(eq(event_rsvps.id, cur.id));
  const state = { id: cur.id, status: next.status, revision };
  const mail = await queueGuestEmail(tx, {
    config: o.config,
    rsvpId: cur.id,
    key: confirmationKey(state),
    ticketOnly: false,
    supersede: confirmationSupersede(state),
  });
  return { emailQueued: 'queued' in mail && mail.queued, delta: seatsHeld(next) - seatsHeld(cur) };
}
