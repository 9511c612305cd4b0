import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '../../../common/messages.ts';
import type { ZRsvpChange } from '../../../common/schemas/rsvps.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import type { TicketConfig } from '../../domain/ticket-fields.ts';
import { answerStateColumns, applyAnswer } from './apply-answer.ts';
import { assertCanAttendFree, assertNotEnded } from './attend-rules.ts';
import { ANSWER_QUESTION_FK, checkAnswers, formChanged, replaceAnswers } from './form-answers.ts';
import { answerValuesSql } from '../../domain/rsvp-answers.ts';
import type { TAnswers } from '../../../common/schemas/questions.ts';
import { isForeignKeyViolation, pgError } from '../../db/pg-errors.ts';
import { loadRsvpForm, type RsvpEventCache } from './load-rsvp-event.ts';
import { isManageSecret, newManageSecret } from './rsvp-answer.ts';
import { seatTransaction } from './seat-transaction.ts';
import { orderSummarySql } from '../../domain/order-tickets.ts';
import { assertPossiblePhone } from '../../domain/phone-check.ts';
import type { GuestStatus } from '../../../common/constants.ts';
import { isWaitlistEntry } from './offer-rules.ts';

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
 * A guest changes or cancels their answer through its manage link (docs/product.md#manage-page, ADR
 * 0012): under the RSVP's row lock the seat counter moves by the difference, each change queues one
 * e-mail keyed by the new revision, leaving 'confirmed' rotates the QR, and a cancel replaces the manage
 * secret. Returns the secret now in force and whether an e-mail was queued.
 */
export async function changeRsvp(opts: ChangeRsvpOptions): Promise<{ manageSecret: string; emailQueued: boolean }> {
  if ('change' in opts) assertPossiblePhone(opts.change.phone);
  const eventId = await eventIdOfManageSecret(opts.db, opts.manageSecret);
  const { event, questions } = await loadRsvpForm({ db: opts.db, cache: opts.eventCache, eventId });
  assertNotEnded(event);
  // Answers sent with a change replace the stored ones; a change without them leaves them (docs/product.md#custom-questions).
  const answers =
    'change' in opts && opts.change.answers !== undefined ? checkAnswers(questions, opts.change.status, opts.change.answers) : null;
  const result = await seatTransaction(opts.db, async (tx) => {
    // A question deleted while the guest changed their answers: its answer's row has nothing to point at
    // (the failed statement ends the transaction; seatTransaction rolls it back).
    const writeAnswers = async (rsvpId: string, given: TAnswers) => {
      try {
        await replaceAnswers(tx, rsvpId, given);
      } catch (err) {
        if (isForeignKeyViolation(err) && pgError(err)?.constraint === ANSWER_QUESTION_FK) throw formChanged();
        throw err;
      }
    };
    const [cur] = await tx
      .select({
        ...answerStateColumns,
        email: event_rsvps.email,
        name: event_rsvps.name,
        phone: event_rsvps.phone,
        notes: event_rsvps.notes,
        ordered: orderSummarySql,
      })
      .from(event_rsvps)
      .where(eq(event_rsvps.manage_secret, opts.manageSecret))
      .limit(1)
      .for('update');
    if (!cur?.email) return null; // rotated meanwhile (or a legacy answer, which has no e-mail)
    const next =
      'cancel' in opts
        ? { name: cur.name, phone: cur.phone, notes: cur.notes, guest_count: cur.guest_count, status: 'declined' as GuestStatus }
        : {
            name: opts.change.name,
            phone: opts.change.phone ?? null,
            notes: opts.change.notes ?? null,
            guest_count: opts.change.guest_count,
            status: opts.change.status as GuestStatus,
          };
    // A place on the waitlist keeps its state unless the guest leaves: seats come by an offer and its claim, and
    // an offer's party size is the one its seats are held for (docs/product.md#waitlist).
    if (isWaitlistEntry(cur.status) && next.status !== 'declined') {
      next.status = cur.status;
      if (cur.status === 'offered') next.guest_count = cur.guest_count;
    }
    // An order of ticket types: its party is its tickets; a 'maybe' or 'no' keeps it (a resize while going is refused
    // by migration 0030's trigger: rsvps/seats.ts ticketTypeError).
    if (cur.ordered !== null && next.status !== 'confirmed') next.guest_count = cur.guest_count;
    if (next.status === 'confirmed' && cur.status !== 'confirmed') assertCanAttendFree(event, next);
    if (answers) await writeAnswers(cur.id, answers);
    else if (questions.length && next.status !== cur.status) {
      // A new answer that keeps the stored answers must still fill the form for it: a No turned Yes without them
      // would skip the Yes-only required questions (docs/product.md#custom-questions).
      const [stored] = await tx.select({ values: answerValuesSql }).from(event_rsvps).where(eq(event_rsvps.id, cur.id));
      checkAnswers(questions, next.status, stored?.values ?? {});
    }
    const answerChanged = next.status !== cur.status || next.guest_count !== cur.guest_count || next.name !== cur.name;
    if (!answerChanged) {
      if (next.phone !== cur.phone || next.notes !== cur.notes) {
        await tx
          .update(event_rsvps)
          .set({ phone: next.phone, notes: next.notes, updated_at: new Date() })
          .where(eq(event_rsvps.id, cur.id));
      }
      return { value: { manageSecret: opts.manageSecret, emailQueued: false }, rsvpId: cur.id, eventId: event.id, delta: 0 };
    }
    const manageSecret = 'cancel' in opts ? newManageSecret() : opts.manageSecret;
    const applied = await applyAnswer(tx, { config: opts.config, cur, next, manageSecret });
    return { value: { manageSecret, emailQueued: applied.emailQueued }, rsvpId: cur.id, eventId: event.id, delta: applied.delta };
  });
  if (!result) throw notFound(MSG.manageLinkInvalid);
  return result;
}
