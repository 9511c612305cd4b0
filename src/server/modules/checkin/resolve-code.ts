import { and, eq, type SQL } from 'drizzle-orm';
import type { CheckinRefusal } from '../../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { ticketMatch } from '../tickets/verify-ticket.ts';
import { guestColumns, type GuestRow } from './checkin-guest.ts';

const PIN = /^\d{3}\s?\d{3}$/;

/**
 * The RSVP a scanned or typed code names, for an event's check-in: a signed QR token (or its
 * verification URL, or a legacy payload: tickets/verify-ticket.ts) anywhere, or — only inside the event's
 * own check-in, never on a public page (6 digits are guessable) — its 6-digit door PIN. `lock` takes the
 * RSVP's row lock (a redeem). A ticket of another event is 'other_event'; anything else unknown 'invalid'.
 */
export type Found = { guest: GuestRow } | { reason: Extract<CheckinRefusal, 'invalid' | 'other_event'> };

export async function resolveCode(opts: { db: DbOrTx; signingKey: string; eventId: string; code: string; lock?: boolean }): Promise<Found> {
  const code = opts.code.trim();
  let where: SQL;
  if (PIN.test(code)) {
    const [pin] = await opts.db
      .select({ rsvp_id: rsvp_pins.rsvp_id })
      .from(rsvp_pins)
      .where(and(eq(rsvp_pins.event_id, opts.eventId), eq(rsvp_pins.pin, code.replace(/\s/g, ''))))
      .limit(1);
    if (!pin) return { reason: 'invalid' };
    where = eq(event_rsvps.id, pin.rsvp_id);
  } else {
    const found = ticketMatch(opts.signingKey, code);
    if (!found) return { reason: 'invalid' };
    where = found.match;
  }
  return findGuest(opts.db, where, opts.eventId, opts.lock);
}

/** The RSVP by id within the event (search results, undo). */
export async function guestById(db: DbOrTx, eventId: string, rsvpId: string, lock?: boolean): Promise<Found> {
  return findGuest(db, eq(event_rsvps.id, rsvpId), eventId, lock);
}

async function findGuest(db: DbOrTx, where: SQL, eventId: string, lock?: boolean): Promise<Found> {
  const q = db.select(guestColumns).from(event_rsvps).where(where).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) return { reason: 'invalid' };
  if (row.event_id !== eventId) return { reason: 'other_event' };
  return { guest: row };
}
