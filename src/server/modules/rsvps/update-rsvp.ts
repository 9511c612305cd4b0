import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { TRsvpResult } from '../../../common/schemas/rsvps.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { renderQrPng } from '../tickets/qr-image.ts';
import { answeredTicketColumns, type TicketConfig } from '../tickets/ticket-fields.ts';
import { verificationUrl } from '../tickets/ticket-urls.ts';
import { assignPin } from './assign-pin.ts';
import {
  buildConfirmationEmail,
  CONFIRMATION_RESEND_WINDOW_SEC,
  confirmationKey,
  confirmationResendKey,
  confirmationSupersede,
} from './confirmation-email.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';
import { type RsvpAnswer, rsvpResult } from './rsvp-answer.ts';
import { seatTransaction } from './seat-transaction.ts';
import { seatsHeld } from './seats.ts';

/**
 * The same e-mail answering the same event again: updates its one RSVP (row-locked), moves the seat
 * counter by the difference (negative when downgrading), and queues one e-mail per change of what
 * the ticket says (status, guest count, name) — keyed by the bumped revision. An identical
 * resubmission changes no revision and re-sends that confirmation instead, at most once per RSVP
 * within CONFIRMATION_RESEND_WINDOW_SEC (so a guest who lost the link gets it again at their own address). The answer never carries the ticket URL: the link goes only to the
 * RSVP's own e-mail address (docs/decisions/0010-ticket-secrets.md). Leaving 'confirmed' rotates the
 * QR (tickets/ticket-fields.ts), so that ticket stays refused even after a later yes (which signs a
 * new one), and clears confirmed_at; becoming confirmed sets it. Null when there is no such RSVP.
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
    const confirmed = next.status === 'confirmed';
    const answerChanged = next.status !== cur.status || next.guest_count !== cur.guest_count || next.name !== cur.name;
    if (!answerChanged) {
      if (next.phone !== cur.phone || next.notes !== cur.notes) {
        await tx
          .update(event_rsvps)
          .set({ phone: next.phone, notes: next.notes, updated_at: new Date() })
          .where(eq(event_rsvps.id, cur.id));
      }
      const rsvp = { ...next, id: cur.id, revision: cur.revision, ticket_secret: cur.ticket_secret };
      const { token } = answeredTicketColumns(config, { prev: cur, confirmed });
      const queued =
        !(await resentRecently(tx, cur.id)) &&
        (await queueConfirmation(tx, { config, event, to: answer.email, rsvp, token, key: confirmationResendKey(rsvp, new Date()) }));
      return { value: rsvpResult(rsvp, { updated: true, emailQueued: queued }), rsvpId: cur.id, eventId: event.id, delta: 0 };
    }

    const revision = cur.revision + 1;
    const wasConfirmed = cur.status === 'confirmed';
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
    const rsvp = { ...next, id: cur.id, revision, ticket_secret: cur.ticket_secret };
    const queued = await queueConfirmation(tx, { config, event, to: answer.email, rsvp, token, key: confirmationKey(rsvp) });
    return {
      value: rsvpResult(rsvp, { updated: true, emailQueued: queued }),
      rsvpId: cur.id,
      eventId: event.id,
      delta: seatsHeld(next) - seatsHeld(cur),
    };
  });
}

/** A re-sent confirmation of this RSVP was queued within the window (the RSVP row lock serialises the check). */
async function resentRecently(tx: DbOrTx, rsvpId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.supersede_key, confirmationSupersede({ id: rsvpId, revision: 0 }).key),
        like(outbox.idempotency_key, '%:resend:%'),
        gt(outbox.created_at, sql`now() - make_interval(secs => ${CONFIRMATION_RESEND_WINDOW_SEC})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Queues the confirmation of an updated answer (with the PIN, QR and ticket link when confirmed) under `key`. */
async function queueConfirmation(
  tx: DbOrTx,
  o: {
    config: TicketConfig;
    event: RsvpEvent;
    to: string;
    rsvp: { id: string; name: string; status: RsvpAnswer['status']; guest_count: number; revision: number; ticket_secret: string };
    token: string | null;
    key: string;
  },
): Promise<boolean> {
  const pin = o.token ? await assignPin(tx, { rsvpId: o.rsvp.id, eventId: o.event.id }) : null;
  const qrPng = o.token ? renderQrPng(verificationUrl(o.config.baseUrl, o.token)) : null;
  return enqueueEmail(
    tx,
    o.key,
    buildConfirmationEmail({
      baseUrl: o.config.baseUrl,
      to: o.to,
      event: o.event,
      rsvp: o.rsvp,
      updated: true,
      ...(pin && qrPng ? { ticket: { pin, qrPng, ticketSecret: o.rsvp.ticket_secret } } : {}),
    }),
    confirmationSupersede(o.rsvp),
  );
}
