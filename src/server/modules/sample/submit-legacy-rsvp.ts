import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import { normalizePhone } from '../../../common/phone.ts';
import type { TLegacyRsvpResult } from '../../../common/schemas/events.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { type SeatCount, seatCountOf, seatsCommitted } from '../../db/seat-commits.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { SAMPLE_PRODUCT } from '../../../common/routes.ts';
import { answeredTicketColumns, type TicketConfig } from '../../domain/ticket-fields.ts';
import { ticketPagePath } from '../../domain/ticket-urls.ts';
import { assertPossiblePhone } from '../../domain/phone-check.ts';

export type SubmitLegacyRsvpOptions = {
  db: Db;
  log: Logger;
  config: TicketConfig;
  eventId: string;
  input: { preferred_name: string; phone: string; rsvp: boolean };
};

/**
 * The legacy form of the sample landing page (docs/product.md#sample-event): preferred name, phone,
 * yes/no, on the sample event only (any other id answers 404). Unlike the original's no-op it stores a
 * real RSVP (type 'legacy'), one per normalised phone number: a number that already answered changes
 * nothing and learns nothing of that answer (a form that knows only a phone number must not change or
 * cancel someone's answer: docs/decisions/0012-answers-belong-to-the-email.md). A yes takes a seat
 * (capacity checked on the seat counter, like RSVPs) and gets a ticket page (domain/ticket-fields.ts
 * writes its columns, as for every RSVP).
 */
export async function submitLegacyRsvp({ db, log, config, eventId, input }: SubmitLegacyRsvpOptions): Promise<TLegacyRsvpResult> {
  if (!isUuid(eventId)) throw notFound(MSG.eventNotFound);
  const phone = normalizePhone(input.phone);
  assertPossiblePhone(phone);
  const status: 'confirmed' | 'declined' = input.rsvp ? 'confirmed' : 'declined';
  const result = await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, is_paid_event: events.is_paid_event, max_attendees: events.max_attendees, seats_taken: events.seats_taken })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.slug, SAMPLE_PRODUCT), eq(events.is_active, true)))
      .for('update');
    if (!event) throw notFound(MSG.eventNotFound);
    if (event.is_paid_event) throw new AppError('payment_not_available', 'This event sells tickets: please use the ticket form.');

    const [prev] = await tx
      .select({ id: event_rsvps.id })
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, eventId), eq(event_rsvps.type, 'legacy'), eq(event_rsvps.phone, phone)))
      .limit(1);
    if (prev) return null;
    const delta = status === 'confirmed' ? 1 : 0;
    if (delta > 0 && event.max_attendees !== null && event.seats_taken + delta > event.max_attendees) {
      throw new AppError('capacity_exceeded', MSG.capacityReached);
    }
    let seats: SeatCount | undefined;
    if (delta !== 0) {
      const [count] = await tx
        .update(events)
        .set({ seats_taken: sql`${events.seats_taken} + ${delta}` })
        .where(eq(events.id, eventId))
        .returning({ seats_taken: events.seats_taken, seats_version: events.seats_version });
      seats = seatCountOf(eventId, count);
    }
    const { columns } = answeredTicketColumns(config, { prev: null, confirmed: status === 'confirmed' });
    const [row] = await tx
      .insert(event_rsvps)
      .values({
        ...columns,
        event_id: eventId,
        name: input.preferred_name,
        preferred_name: input.preferred_name,
        phone,
        status,
        type: 'legacy',
        guest_count: 1,
        confirmed_at: status === 'confirmed' ? new Date() : null,
      })
      .returning({ id: event_rsvps.id });
    return { id: row!.id, ticket_secret: columns.ticket_secret, seats };
  });
  if (!result) {
    log.info({ eventId }, 'legacy rsvp: known phone, nothing changed');
    return { rsvp: null, ticket_url: null, already_answered: true };
  }
  seatsCommitted(db, result.seats);
  log.info({ eventId, rsvpId: result.id, status }, 'legacy rsvp stored');
  return {
    rsvp: { id: result.id, status },
    ticket_url: status === 'confirmed' ? ticketPagePath(result.ticket_secret) : null,
    already_answered: false,
  };
}
