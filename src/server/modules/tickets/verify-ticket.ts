import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { order_tickets } from '../../db/schema/tickets.ts';
import { parseTicketPayload } from './parse-ticket-payload.ts';
import { verifyTicketToken } from '../../domain/ticket-token.ts';
import { TICKET_CODE_MAX } from '../../../common/schemas/guest-imports.ts';

export type VerifiedTicket = { rsvpId: string; eventId: string; via: 'token' | 'legacy'; ticketId?: string };

/**
 * Admitted at the door only when confirmed, or paid (docs/product.md#tickets-and-qr-codes); a paid
 * event's 'Yes' still at the checkout (payment 'pending', seats held) is not in yet (docs/decisions/0015-payments.md).
 * The verification page, the door's verify route and verifyTicket use this; turnout_checkin_scan
 * (drizzle/0017_checkin_scan_fn.sql) says the same in SQL.
 */
export const admissible = (g: { status: string; payment_status: string | null }) =>
  (g.status === 'confirmed' && g.payment_status !== 'pending') || g.payment_status === 'paid';

/** `admissible` as a condition on event_rsvps: the door's counts and search list exactly whom a scan admits. */
export const admissibleSql: SQL = or(
  and(eq(event_rsvps.status, 'confirmed'), sql`${event_rsvps.payment_status} is distinct from 'pending'`),
  eq(event_rsvps.payment_status, 'paid'),
)!;

/**
 * Is this scanned QR content a valid, `admissible` ticket (of `eventId` when given)? A signed token's MAC
 * is checked before any query, then only the RSVP's current qr_nonce matches (ADR 0010). A legacy payload
 * names the RSVP id, no secret, so it verifies only an imported `legacy_qr` RSVP never rotated
 * (qr_version 1); never by guest name. The verification page asks this (checkin/verify-for-page.ts).
 */
export async function verifyTicket(opts: {
  db: DbOrTx;
  signingKey: string;
  token: string;
  eventId?: string;
}): Promise<VerifiedTicket | null> {
  const found = ticketMatch(opts.signingKey, opts.token);
  if (!found) return null;
  const { match, via } = found;
  const [row] = await opts.db
    .select({ id: event_rsvps.id, event_id: event_rsvps.event_id })
    .from(event_rsvps)
    .where(and(match, admissibleSql))
    .limit(1);
  // Not an RSVP's own QR: perhaps one ticket of an order (docs/decisions/0028-ticket-types.md), valid while its order is.
  const ticket = row || via !== 'token' ? undefined : await orderTicketBy(opts.db, eq(order_tickets.qr_nonce, found.nonce!), true);
  const hit = row ? { rsvpId: row.id, eventId: row.event_id } : ticket;
  if (!hit) return null;
  if (opts.eventId && hit.eventId !== opts.eventId) return null;
  return { ...hit, via };
}

/**
 * The order ticket `where` names (its QR nonce, or its PIN in an event) with its order and whether it was refunded (or
 * its refund is under way); with `admissibleOnly`, only while the order is admissible and the ticket not refunded.
 */
export async function orderTicketBy(db: DbOrTx, where: SQL, admissibleOnly = false) {
  const [t] = await db
    .select({
      ticketId: order_tickets.id,
      rsvpId: order_tickets.rsvp_id,
      eventId: order_tickets.event_id,
      // Refunded, or its refund claimed and under way at the provider: it admits nobody either (migration 0038).
      refunded: sql<boolean>`${order_tickets.refund_id} is not null`,
    })
    .from(order_tickets)
    .innerJoin(event_rsvps, eq(event_rsvps.id, order_tickets.rsvp_id))
    // A refunded ticket admits nobody (docs/product.md#refunds).
    .where(admissibleOnly ? and(where, admissibleSql, isNull(order_tickets.refund_id)) : where)
    .limit(1);
  return t;
}

/**
 * What a scanned QR's content names (see verifyTicket for the rules): the QR nonce a valid signed token
 * carries, or a legacy payload's RSVP id; null when it cannot be a ticket of ours (bad shape, bad MAC:
 * no query needed).
 */
export function ticketKey(signingKey: string, code: string): { via: 'token'; nonce: string } | { via: 'legacy'; rsvpId: string } | null {
  const payload = parseTicketPayload(code);
  if (!payload) return null;
  if (payload.kind === 'legacy') return { via: 'legacy', rsvpId: payload.verificationCode };
  const claim = verifyTicketToken({ key: signingKey, token: payload.token });
  return claim ? { via: 'token', nonce: claim.nonce } : null;
}

/** The WHERE condition that finds the RSVP a scanned QR's content names (ticketKey), or null. */
export function ticketMatch(signingKey: string, code: string): { match: SQL; via: 'token' | 'legacy'; nonce?: string } | null {
  const key = ticketKey(signingKey, code);
  if (!key) return null;
  if (key.via === 'token') return { match: eq(event_rsvps.qr_nonce, key.nonce), via: 'token', nonce: key.nonce };
  const legacy = and(eq(event_rsvps.id, key.rsvpId), eq(event_rsvps.legacy_qr, true), eq(event_rsvps.qr_version, 1));
  return { match: legacy as SQL, via: 'legacy' };
}

/**
 * The RSVP of `eventId` whose ticket code from another system (legacy_code, brought by a guest import:
 * docs/product.md#guest-import) is `code` — its exact text, or a legacy payload's verification_code — while
 * its ticket was never rotated (qr_version 1). Only an event's own check-in asks (the code is not a secret
 * of ours, so it names a guest only where door staff could find them by search anyway).
 */
export async function legacyCodeRsvp(db: DbOrTx, eventId: string, code: string): Promise<string | null> {
  const c = code.trim();
  if (!c || c.length > TICKET_CODE_MAX) return null;
  const payload = parseTicketPayload(c);
  const text = payload?.kind === 'legacy' ? payload.verificationCode : payload ? null : c;
  if (!text) return null;
  const [row] = await db
    .select({ id: event_rsvps.id })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.event_id, eventId), eq(event_rsvps.legacy_code, text), eq(event_rsvps.qr_version, 1)))
    .limit(1);
  return row?.id ?? null;
}
