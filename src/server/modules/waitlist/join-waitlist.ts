import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { manageRsvpHref } from '../../../common/hrefs.ts';
import type { TWaitlistJoinResult, ZWaitlistInput } from '../../../common/schemas/waitlist.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { answeredTicketColumns, type TicketConfig } from '../../domain/ticket-fields.ts';
import { assertPossiblePhone } from '../../domain/phone-check.ts';
import { AppError } from '../../errors.ts';
import { isForeignKeyViolation } from '../../db/pg-errors.ts';
import type { TAnswers } from '../../../common/schemas/questions.ts';
import { answerKnownEmail } from '../rsvps/answer-known-email.ts';
import { assertNotEnded } from '../rsvps/attend-rules.ts';
import { confirmationKey, confirmationSupersede } from '../rsvps/confirmation-email.ts';
import { ANSWER_QUESTION_FK, checkAnswers, formChanged, insertAnswers } from '../rsvps/form-answers.ts';
import { loadRsvpForm, type RsvpEventCache } from '../rsvps/load-rsvp-event.ts';
import { queueGuestEmail } from '../rsvps/queue-answer-email.ts';
import { newManageSecret } from '../rsvps/rsvp-answer.ts';
import { offerFreeSeats, placeInLine } from './waitlist-place.ts';
import { WAITLIST_MSG } from '../../../common/waitlist-texts.ts';

export type WaitlistJoin = z.output<typeof ZWaitlistInput>;
export type JoinedWaitlist = { result: Omit<TWaitlistJoinResult, 'email_delivery'>; manageSecret: string | null };

/**
 * A party joins an event's waitlist (docs/product.md#waitlist): an RSVP in state 'waitlisted' at the end of the
 * line, holding no seat, with its manage link e-mailed ("You're on the waitlist"). Under the event row's lock, as
 * a seat write: a refusal when the host has no waitlist, and free seats (the event was not full after all) are
 * offered at once, first waiting party first. An e-mail that already answered this event changes nothing and
 * learns nothing: its manage link goes to it (ADR 0012), as on the RSVP form.
 */
export async function joinWaitlist(o: {
  db: Db;
  eventCache: RsvpEventCache;
  config: TicketConfig;
  eventId: string;
  input: WaitlistJoin;
}): Promise<JoinedWaitlist> {
  assertPossiblePhone(o.input.phone);
  const { event, questions } = await loadRsvpForm({ db: o.db, cache: o.eventCache, eventId: o.eventId });
  assertNotEnded(event);
  // A place in line is a Yes waiting: the host's questions are asked and kept as for one (docs/product.md#custom-questions).
  const answers = checkAnswers(questions, 'confirmed', o.input.answers);
  for (let attempt = 0; attempt < 3; attempt++) {
    const joined = await insertWaiting(o, event.id, answers);
    if (joined) {
      const place = joined.status === 'waitlisted' ? await placeInLine(o.db, joined.id) : null;
      return {
        manageSecret: joined.manageSecret,
        result: {
          rsvp: { id: joined.id, status: joined.status, guest_count: o.input.guest_count },
          place,
          offer_until: joined.offer_until?.toISOString() ?? null,
          manage_url: manageRsvpHref(joined.manageSecret),
          already_answered: false,
          email_queued: joined.status === 'waitlisted',
        },
      };
    }
    const known = await answerKnownEmail({ db: o.db, baseUrl: o.config.baseUrl, event, email: o.input.email });
    if (known) {
      const result = { rsvp: null, place: null, offer_until: null, manage_url: null, already_answered: true };
      return { manageSecret: null, result: { ...result, email_queued: known.email_queued } };
    }
  }
  throw new AppError('conflict', 'Your answer changed while we were saving it. Please try again.');
}

async function insertWaiting(o: { db: Db; config: TicketConfig; input: WaitlistJoin }, eventId: string, answers: TAnswers) {
  return o.db.transaction(async (tx) => {
    const [e] = await tx
      .select({ hours: events.waitlist_offer_hours, max: events.max_attendees, taken: events.seats_taken })
      .from(events)
      .where(eq(events.id, eventId))
      .for('update');
    if (!e || e.hours === null) throw new AppError('waitlist_closed', WAITLIST_MSG.closed);
    // Seats for this party are free (nobody waiting fits them, or they would be offered): answer Yes instead. A line
    // joined past free seats would hold them as an offer for hours, unpaid and outside the paid holds' bounds.
    if (e.max !== null && e.max - e.taken >= o.input.guest_count) {
      // An e-mail that already answered learns nothing here either: its manage link goes to it (joinWaitlist).
      const [known] = await tx
        .select({ id: event_rsvps.id })
        .from(event_rsvps)
        .where(and(eq(event_rsvps.event_id, eventId), eq(event_rsvps.email, o.input.email)));
      if (known) return null;
      throw new AppError('seats_available', WAITLIST_MSG.seatsAvailable);
    }
    const id = randomUUID();
    const manageSecret = newManageSecret();
    const { columns } = answeredTicketColumns(o.config, { prev: null, confirmed: false });
    const inserted = await tx
      .insert(event_rsvps)
      .values({
        id,
        event_id: eventId,
        name: o.input.name,
        email: o.input.email,
        phone: o.input.phone ?? null,
        notes: o.input.notes ?? null,
        guest_count: o.input.guest_count,
        status: 'waitlisted',
        ...columns,
        manage_secret: manageSecret,
        waitlist_position: sql`nextval('event_rsvps_waitlist_seq')`,
      })
      .onConflictDoNothing()
      .returning({ id: event_rsvps.id });
    if (!inserted.length) return null;
    await insertAnswers(tx, id, answers).catch((err) => {
      // A question deleted while the guest answered: its answer has nothing to point at.
      throw isForeignKeyViolation(err, ANSWER_QUESTION_FK) ? formChanged() : err;
    });
    await offerFreeSeats(tx, eventId);
    const [row] = await tx
      .select({ status: event_rsvps.status, offer_until: event_rsvps.offer_until, revision: event_rsvps.revision })
      .from(event_rsvps)
      .where(eq(event_rsvps.id, id));
    const status = row!.status === 'offered' ? ('offered' as const) : ('waitlisted' as const);
    // Offered at once: the offer's own e-mail follows (send-offers.ts); waiting: "You're on the waitlist".
    if (status === 'waitlisted') {
      const state = { id, status, revision: row!.revision };
      await queueGuestEmail(tx, {
        config: o.config,
        rsvpId: id,
        key: confirmationKey(state),
        ticketOnly: false,
        supersede: confirmationSupersede(state),
      });
    }
    return { id, manageSecret, status, offer_until: row!.offer_until };
  });
}
