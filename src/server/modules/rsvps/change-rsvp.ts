import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '../../../common/messages.ts';
import type { ZRsvpChange } from '../../../common/schemas/rsvps.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { renderQrPng } from '../tickets/qr-image.ts';
import { answeredTicketColumns, type TicketConfig } from '../tickets/ticket-fields.ts';
import { verificationUrl } from '../tickets/ticket-urls.ts';
import { assertCanAttendFree, assertNotEnded } from './attend-rules.ts';
import { assignPin } from './assign-pin.ts';
import { buildConfirmationEmail, confirmationKey, confirmationSupersede } from './confirmation-email.ts';
import { loadRsvpEvent, type RsvpEvent, type RsvpEventCache } from './load-rsvp-event.ts';
import { isManageSecret, newManageSecret, type RsvpAnswer } from './rsvp-answer.ts';
import { seatTransaction } from './seat-transaction.ts';
import { seatsHeld } from './seats.ts';

/** What the manage page may change: the answer without its e-mail (the e-mail is who the answer belongs to). */
export type RsvpChange = z.output<typeof ZRsvpChange>;

export type ChangeRsvpOptions = {
  db: Db;
  eventCache: RsvpEventCache;
  config: TicketConfig;
  manageSecret: string;
} & ({ change: RsvpChange } | { cancel: true });

/** The RSVP a manage secret names, or 404 with the "link no longer valid" text (also for a malformed one). */
export async function eventIdOfManageSecret(db: DbOrTx, manageSecret: string): Promise<string> {
  if (!isManageSecret(manageSecret)) throw notFound(MSG.manageLinkInvalid);
  const [row] = await db
    .select({ event_id: event_rsvps.event_id })
    .from(event_rsvps)
    .where(eq(event_rsvps.manage_secret, manageSecret))
    .limit(1);
  if (!row) throw notFound(MSG.manageLinkInvalid);
  return row.event_id;
}

/**
 * A guest changes (or cancels) their answer through its manage link (docs/product.md#manage-page).
 * The RSVP is row-locked, the seat counter moves by the difference (a cancel or a smaller party frees
 * seats even on a full event; a bigger party or a new yes needs them), and each change of what the
 * ticket says queues one e-mail with the new state, keyed by the bumped revision (an older one still
 * waiting is superseded). Leaving 'confirmed' rotates the QR (tickets/ticket-fields.ts). A cancel
 * (= 'declined') also replaces the manage secret: the link that was used, and any forwarded copy, stops
 * working; the new one goes out in the cancellation e-mail and the answer. Returns the manage secret
 * now in force and whether an e-mail was queued. An ended event takes no changes.
 */
export async function changeRsvp(opts: ChangeRsvpOptions): Promise<{ manageSecret: string; emailQueued: boolean }> {
  const eventId = await eventIdOfManageSecret(opts.db, opts.manageSecret);
  const event = await loadRsvpEvent({ db: opts.db, cache: opts.eventCache, eventId });
  assertNotEnded(event);
  const result = await seatTransaction(opts.db, async (tx) => {
    const [cur] = await tx
      .select({
        id: event_rsvps.id,
        email: event_rsvps.email,
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
      .where(eq(event_rsvps.manage_secret, opts.manageSecret))
      .limit(1)
      .for('update');
    if (!cur || !cur.email) return null; // rotated meanwhile (or a legacy answer, which has no e-mail)
    const next =
      'cancel' in opts
        ? { name: cur.name, phone: cur.phone, notes: cur.notes, guest_count: cur.guest_count, status: 'declined' as const }
        : {
            name: opts.change.name,
            phone: opts.change.phone ?? null,
            notes: opts.change.notes ?? null,
            guest_count: opts.change.guest_count,
            status: opts.change.status,
          };
    if (next.status === 'confirmed' && cur.status !== 'confirmed') assertCanAttendFree(event, next);
    const answerChanged = next.status !== cur.status || next.guest_count !== cur.guest_count || next.name !== cur.name;
    const now = new Date();
    if (!answerChanged) {
      if (next.phone !== cur.phone || next.notes !== cur.notes) {
        await tx.update(event_rsvps).set({ phone: next.phone, notes: next.notes, updated_at: now }).where(eq(event_rsvps.id, cur.id));
      }
      return { value: { manageSecret: opts.manageSecret, emailQueued: false }, rsvpId: cur.id, eventId: event.id, delta: 0 };
    }
    const confirmed = next.status === 'confirmed';
    const wasConfirmed = cur.status === 'confirmed';
    const revision = cur.revision + 1;
    const manageSecret = 'cancel' in opts ? newManageSecret() : opts.manageSecret;
    const { columns, token } = answeredTicketColumns(opts.config, { prev: cur, confirmed });
    await tx
      .update(event_rsvps)
      .set({
        ...next,
        revision,
        ...columns,
        manage_secret: manageSecret,
        ...(confirmed === wasConfirmed ? {} : { confirmed_at: confirmed ? now : null }),
        updated_at: now,
      })
      .where(eq(event_rsvps.id, cur.id));
    const rsvp = { ...next, id: cur.id, revision, ticket_secret: cur.ticket_secret };
    const emailQueued = await queueConfirmation(tx, { config: opts.config, event, to: cur.email, rsvp, token, manageSecret });
    return {
      value: { manageSecret, emailQueued },
      rsvpId: cur.id,
      eventId: event.id,
      delta: seatsHeld(next) - seatsHeld(cur),
    };
  });
  if (!result) throw notFound(MSG.manageLinkInvalid);
  return result;
}

/** Queues the confirmation of a changed answer (with the PIN, QR and ticket link when confirmed), keyed by its revision. */
async function queueConfirmation(
  tx: DbOrTx,
  o: {
    config: TicketConfig;
    event: RsvpEvent;
    to: string;
    rsvp: { id: string; name: string; status: RsvpAnswer['status']; guest_count: number; revision: number; ticket_secret: string };
    token: string | null;
    manageSecret: string;
  },
): Promise<boolean> {
  const pin = o.token ? await assignPin(tx, { rsvpId: o.rsvp.id, eventId: o.event.id }) : null;
  const qrPng = o.token ? renderQrPng(verificationUrl(o.config.baseUrl, o.token)) : null;
  return enqueueEmail(
    tx,
    confirmationKey(o.rsvp),
    buildConfirmationEmail({
      baseUrl: o.config.baseUrl,
      to: o.to,
      event: o.event,
      rsvp: o.rsvp,
      updated: true,
      manageSecret: o.manageSecret,
      ...(pin && qrPng ? { ticket: { pin, qrPng, ticketSecret: o.rsvp.ticket_secret } } : {}),
    }),
    confirmationSupersede(o.rsvp),
  );
}
