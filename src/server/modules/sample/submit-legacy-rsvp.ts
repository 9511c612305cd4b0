import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import { normalizePhone } from '../../../common/phone.ts';
import type { TLegacyRsvpResult } from '../../../common/schemas/events.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { answeredTicketColumns, type TicketConfig } from '../tickets/ticket-fields.ts';
import { ticketPagePath } from '../tickets/ticket-urls.ts';

export type SubmitLegacyRsvpOptions = {
  db: Db;
  log: Logger;
  config: TicketConfig;
  eventId: string;
  input: { preferred_name: string; phone: string; rsvp: boolean };
};

/**
 * The legacy form of the sample landing page (docs/product.md#sample-event): preferred name, phone, yes/no. Unlike the original's
 * no-op it stores a real RSVP (type 'legacy'). One answer per phone number per event: answering
 * again changes it. Confirmed answers take a seat (capacity checked on the seat counter, like RSVPs)
 * and get a ticket page (tickets/ticket-fields.ts writes its columns, as for every RSVP).
 */
export async function submitLegacyRsvp({ db, log, config, eventId, input }: SubmitLegacyRsvpOptions): Promise<TLegacyRsvpResult> {
  if (!isUuid(eventId)) throw notFound(MSG.eventNotFound);
  const phone = normalizePhone(input.phone);
  const status: 'confirmed' | 'declined' = input.rsvp ? 'confirmed' : 'declined';
  const result = await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, is_paid_event: events.is_paid_event, max_attendees: events.max_attendees, seats_taken: events.seats_taken })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.is_active, true)))
      .for('update');
    if (!event) throw notFound(MSG.eventNotFound);
    if (event.is_paid_event) throw new AppError('payment_not_available', 'This event sells tickets: please use the ticket form.');

    const [prev] = await tx
      .select({
        id: event_rsvps.id,
        status: event_rsvps.status,
        guest_count: event_rsvps.guest_count,
        ticket_secret: event_rsvps.ticket_secret,
        qr_nonce: event_rsvps.qr_nonce,
        qr_version: event_rsvps.qr_version,
      })
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, eventId), eq(event_rsvps.type, 'legacy'), eq(event_rsvps.phone, phone)))
      .limit(1);
    const seatsBefore = prev?.status === 'confirmed' ? prev.guest_count : 0;
    const seatsAfter = status === 'confirmed' ? (prev?.guest_count ?? 1) : 0;
    const delta = seatsAfter - seatsBefore;
    if (delta > 0 && event.max_attendees !== null && event.seats_taken + delta > event.max_attendees) {
      throw new AppError('capacity_exceeded', MSG.capacityReached);
    }
    if (delta !== 0) {
      await tx
        .update(events)
        .set({ seats_taken: sql`${events.seats_taken} + ${delta}` })
        .where(eq(events.id, eventId));
    }
    const now = new Date();
    // confirmed_at: when the answer last became yes (kept while it stays yes).
    const confirmedAt = status !== 'confirmed' ? null : prev?.status === 'confirmed' ? undefined : now;
    const { columns } = answeredTicketColumns(config, { prev: prev ?? null, confirmed: status === 'confirmed' });
    const fields = {
      ...columns,
      name: input.preferred_name,
      preferred_name: input.preferred_name,
      status,
      updated_at: now,
      ...(confirmedAt === undefined ? {} : { confirmed_at: confirmedAt }),
    };
    if (prev) {
      await tx
        .update(event_rsvps)
        .set({ ...fields, revision: sql`${event_rsvps.revision} + 1` })
        .where(eq(event_rsvps.id, prev.id));
      return { id: prev.id, status, ticket_secret: columns.ticket_secret, updated: true };
    }
    const [row] = await tx
      .insert(event_rsvps)
      .values({ ...fields, event_id: eventId, phone, type: 'legacy', guest_count: 1 })
      .returning({ id: event_rsvps.id });
    return { id: row!.id, status, ticket_secret: columns.ticket_secret, updated: false };
  });
  log.info({ eventId, rsvpId: result.id, status }, 'legacy rsvp stored');
  return {
    rsvp: { id: result.id, status: result.status },
    // Only a first answer gets its ticket link: whoever knows a phone number must not learn the
    // current ticket secret of that guest's answer (docs/decisions/0010-ticket-secrets.md).
    ticket_url: result.status === 'confirmed' && !result.updated ? ticketPagePath(result.ticket_secret) : null,
  };
}
