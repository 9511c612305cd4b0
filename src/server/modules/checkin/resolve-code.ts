import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CheckinRefusal } from '../../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { legacyCodeRsvp, orderTicketBy, ticketKey, ticketMatch } from '../tickets/verify-ticket.ts';
import { order_tickets } from '../../db/schema/tickets.ts';
import { guestColumns, type GuestRow } from './checkin-guest.ts';

const PIN = /^\d{3}\s?\d{3}$/;

/**
 * What a scanned or typed code names, for an event's check-in: a signed QR token's nonce or a legacy
 * payload's RSVP id (or its verification URL: tickets/verify-ticket.ts ticketKey) anywhere, or — only
 * inside the event's own check-in, never on a public page (6 digits are guessable) — its 6-digit door
 * PIN. Null when it can name nothing (no query needed).
 */
export type CodeKey = { via: 'pin'; pin: string } | { via: 'token'; nonce: string } | { via: 'legacy'; rsvpId: string };

export function codeKey(signingKey: string, code: string): CodeKey | null {
  const pin = pinOf(code);
  return pin ? { via: 'pin', pin } : ticketKey(signingKey, code.trim());
}

/** The 6 digits of a typed PIN ("123 456" too), or null. */
const pinOf = (code: string) => {
  const c = code.trim();
  return PIN.test(c) ? c.replace(/\s/g, '') : null;
};

/**
 * The RSVP a code names (codeKey), read without a lock (the verify route: what a scan would find; a
 * redeem decides under the row lock in SQL, record-scan.ts). A ticket of another event is 'other_event';
 * anything else unknown 'invalid'.
 */
export type Found =
  | { guest: GuestRow; ticketId?: string; ticketRefunded?: boolean }
  | { reason: Extract<CheckinRefusal, 'invalid' | 'other_event'> };

export async function resolveCode(opts: { db: DbOrTx; signingKey: string; eventId: string; code: string }): Promise<Found> {
  const pin = pinOf(opts.code);
  let where: SQL;
  // Else one ticket of an order (docs/decisions/0028-ticket-types.md): the same PIN space and QR tokens.
  let ticketWhere: SQL | undefined;
  if (pin) {
    const [found] = await opts.db
      .select({ rsvp_id: rsvp_pins.rsvp_id })
      .from(rsvp_pins)
      .where(and(eq(rsvp_pins.event_id, opts.eventId), eq(rsvp_pins.pin, pin)))
      .limit(1);
    where = found ? eq(event_rsvps.id, found.rsvp_id) : sql`false`;
    ticketWhere = and(eq(order_tickets.event_id, opts.eventId), eq(order_tickets.pin, pin));
  } else {
    const found = ticketMatch(opts.signingKey, opts.code.trim());
    // A ticket code brought by a guest import (docs/product.md#guest-import), or else what the code names.
    const imported = !found || found.via === 'legacy' ? await legacyCodeRsvp(opts.db, opts.eventId, opts.code) : null;
    if (!found && !imported) return { reason: 'invalid' };
    where = imported ? eq(event_rsvps.id, imported) : found!.match;
    if (!imported && found?.nonce) ticketWhere = eq(order_tickets.qr_nonce, found.nonce);
  }
  const [own] = await opts.db.select(guestColumns).from(event_rsvps).where(where).limit(1);
  const ticket = own || !ticketWhere ? undefined : await orderTicketBy(opts.db, ticketWhere);
  const [row] = own
    ? [own]
    : ticket
      ? await opts.db.select(guestColumns).from(event_rsvps).where(eq(event_rsvps.id, ticket.rsvpId)).limit(1)
      : [];
  if (!row) return { reason: 'invalid' };
  if (row.event_id !== opts.eventId) return { reason: 'other_event' };
  return ticket ? { guest: row, ticketId: ticket.ticketId, ticketRefunded: ticket.refunded } : { guest: row };
}
