import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { MSG } from '../../../common/messages.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type SeatCount, seatCountOf } from '../../db/seat-commits.ts';
import { type MessagePart, sessionStatement } from '../../db/session-statements.ts';
import { AppError } from '../../errors.ts';
import { pgError } from '../../db/pg-errors.ts';

/** Seats an RSVP holds: its guest count when confirmed or offered seats from the waitlist (docs/product.md#waitlist), else none. */
export const seatsHeld = (a: { status: string; guest_count: number }) =>
  a.status === 'confirmed' || a.status === 'offered' ? a.guest_count : 0;

export function capacityError(left: number): AppError {
  if (left <= 0) return new AppError('capacity_exceeded', MSG.capacityReached);
  const more = `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left.`;
  return new AppError('capacity_exceeded', `${MSG.capacityReached} ${more}`, { guest_count: more });
}

/**
 * What migration 0030's checks refused, as the guest reads it: a ticket type's own counter (its
 * `ticket_types_sold_out` check) when an order asked for more of a type than are left — the same 409 as a full
 * event — or a party-size change of an order of tickets, whose party is its tickets.
 */
export function ticketTypeError(err: unknown): AppError | null {
  const pg = pgError(err);
  if (pg?.code !== '23514') return null;
  if (pg.constraint === 'ticket_types_sold_out') {
    const message = 'Some of these tickets have sold out. Choose fewer or another type.';
    return new AppError('capacity_exceeded', message, { tickets: message });
  }
  if (pg.constraint === 'promo_codes_used_up') {
    // The code's last use went to another order meanwhile (migration 0035): as full as a sold-out type.
    const message = 'This code has just been used up. Remove it or try another.';
    return new AppError('capacity_exceeded', message, { promo_code: message });
  }
  if (pg.constraint === 'order_tickets_party_fixed') {
    const message = 'This order’s party is its tickets: cancel it and order again to change it.';
    return new AppError('conflict', message, { guest_count: message });
  }
  return null;
}

export async function seatsLeft(db: DbOrTx, eventId: string): Promise<number> {
  const res = await db.execute<{ left: number | null }>(sql`SELECT max_attendees - seats_taken AS left FROM events WHERE id = ${eventId}`);
  return Math.max(0, Number(res.rows[0]?.left ?? 0));
}

const TAKE_SEATS = sessionStatement(`WITH taken AS (
    UPDATE events SET seats_taken = seats_taken + $2::int, seats_version = seats_version + 1
    WHERE id = $1::uuid AND ($2::int < 0 OR max_attendees IS NULL OR seats_taken + $2::int <= max_attendees)
    RETURNING seats_taken, seats_version)
  SELECT 1 / count(*)::int AS capacity_check, max(seats_taken) AS seats_taken, max(seats_version) AS seats_version FROM taken`);

/**
 * The end of a seat write's message (db/session-statements.ts runs it): moves the event's seat counter by
 * `delta` with the O(1) conditional UPDATE and, in the same message, commits. When the UPDATE matches no
 * row (it would pass max_attendees) the SELECT divides by zero (SQLSTATE 22012), the rest of the message
 * is skipped and the transaction is left aborted for the caller to roll back. Its SELECT also returns the
 * new counter and its version (committedSeats). `check` (a paid hold's bounds: domain/hold-limits.ts)
 * runs after the UPDATE, under its row lock on the event, and before the COMMIT.
 */
export function takeSeatsAndCommit(eventId: string, delta: number, check?: MessagePart): MessagePart[] {
  if (!isUuid(eventId) || !Number.isSafeInteger(delta)) throw new Error('takeSeatsAndCommit: bad arguments');
  const checks = check ? [check] : [];
  if (delta === 0) return [...checks, 'COMMIT'];
  return [{ statement: TAKE_SEATS, args: [eventId, delta] }, ...checks, 'COMMIT'];
}

const MAKE_DURABLE = sessionStatement('UPDATE event_rsvps SET updated_at = updated_at WHERE id = $1::uuid');

/**
 * A tiny synchronous write to the RSVP row after the asynchronous COMMIT: its WAL flush makes the
 * answer durable before the guest is told (seat-transaction.ts explains why).
 */
export function makeDurable(rsvpId: string): MessagePart {
  if (!isUuid(rsvpId)) throw new Error('makeDurable: bad rsvpId');
  return { statement: MAKE_DURABLE, args: [rsvpId] };
}

/**
 * The counter takeSeatsAndCommit's message left committed, from that message's results (one per
 * statement); undefined when it moved no seat (delta 0).
 */
export function committedSeats(eventId: string, results: pg.QueryResult[]): SeatCount | undefined {
  const check = results.find((r) => r.fields?.some((f) => f.name === 'capacity_check'));
  return seatCountOf(eventId, check?.rows[0]);
}

export const CAPACITY_CHECK_FAILED = '22012';
