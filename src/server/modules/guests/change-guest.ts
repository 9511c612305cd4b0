import { and, eq, sql } from 'drizzle-orm';
import type { TGuestPatch } from '../../../common/schemas/guests.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { seatCountOf, seatsCommitted } from '../../db/seat-commits.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Actor } from '../../domain/event-access.ts';
import { answerStateColumns, applyAnswer } from '../rsvps/apply-answer.ts';
import { seatTransaction } from '../rsvps/seat-transaction.ts';
import { seatsHeld } from '../rsvps/seats.ts';
import { isWaitlistEntry } from '../rsvps/offer-rules.ts';
import { WAITLIST_MSG } from '../../../common/waitlist-texts.ts';
import type { TicketConfig } from '../../domain/ticket-fields.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import { RSVP_NOT_FOUND } from './get-guest.ts';

type Target = { db: Db; actor: Actor; eventId: string; rsvpId: string };

/** The RSVP row-locked, if the actor manages its event (eventAccess inside the query). */
async function lockGuest(tx: DbOrTx, o: Omit<Target, 'db'>) {
  const [cur] = await tx
    .select(answerStateColumns)
    .from(event_rsvps)
    .where(and(eq(event_rsvps.id, o.rsvpId), guestWhere(o.actor, o.eventId, {})))
    .limit(1)
    .for('update');
  return cur;
}

/**
 * Staff change a guest's status or party size (docs/product.md#guest-list). Same rules as the guest's
 * own change (rsvps/change-rsvp.ts): the seat counter moves by the difference in the RSVP's transaction
 * (seatTransaction: a full event refuses more seats with 409 capacity_exceeded and changes nothing),
 * leaving 'confirmed' rotates the QR, the revision is bumped and the guest is e-mailed the new state
 * (an older e-mail still waiting is superseded). Returns whether an e-mail was queued; an unchanged
 * answer changes and sends nothing.
 */
export async function changeGuest(o: Target & { config: TicketConfig; change: TGuestPatch }): Promise<{ emailQueued: boolean }> {
  if (!isUuid(o.eventId) || !isUuid(o.rsvpId)) throw notFound(RSVP_NOT_FOUND);
  const result = await seatTransaction(o.db, async (tx) => {
    const cur = await lockGuest(tx, o);
    if (!cur) return null;
    // A party in line moves by its offer, Move to the front or removal (docs/product.md#waitlist): a staff change here
    // would lock its row before the event's, the reverse of an offer's order, and could deadlock with one.
    if (isWaitlistEntry(cur.status)) throw new AppError('conflict', WAITLIST_MSG.staffChange);
    const next = { status: o.change.status ?? cur.status, guest_count: o.change.guest_count ?? cur.guest_count };
    if (next.status === cur.status && next.guest_count === cur.guest_count) {
      return { value: { emailQueued: false }, rsvpId: cur.id, eventId: o.eventId, delta: 0 };
    }
    const applied = await applyAnswer(tx, { config: o.config, cur, next });
    return { value: { emailQueued: applied.emailQueued }, rsvpId: cur.id, eventId: o.eventId, delta: applied.delta };
  });
  if (!result) throw notFound(RSVP_NOT_FOUND);
  return result;
}

/**
 * Staff delete a guest's RSVP (docs/product.md#guest-list): the row (its PIN and short links with it)
 * and, in the same transaction, the seats it held from the event's counter.
 */
export async function deleteGuest(o: Target): Promise<void> {
  if (!isUuid(o.eventId) || !isUuid(o.rsvpId)) throw notFound(RSVP_NOT_FOUND);
  const seats = await o.db.transaction(async (tx) => {
    const cur = await lockGuest(tx, o);
    if (!cur) throw notFound(RSVP_NOT_FOUND);
    await tx.delete(event_rsvps).where(eq(event_rsvps.id, cur.id));
    const held = seatsHeld(cur);
    if (held <= 0) return undefined;
    const [count] = await tx
      .update(events)
      .set({ seats_taken: sql`${events.seats_taken} - ${held}` })
      .where(eq(events.id, o.eventId))
      .returning({ seats_taken: events.seats_taken, seats_version: events.seats_version });
    return seatCountOf(o.eventId, count);
  });
  seatsCommitted(o.db, seats);
}
