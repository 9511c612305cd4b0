import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { parseTicketPayload } from './parse-ticket-payload.ts';
import { verifyTicketToken } from '../../domain/ticket-token.ts';

export type VerifiedTicket = { rsvpId: string; eventId: string; via: 'token' | 'legacy' };

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
  if (!row) return null;
  if (opts.eventId && row.event_id !== opts.eventId) return null;
  return { rsvpId: row.id, eventId: row.event_id, via };
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
export function ticketMatch(signingKey: string, code: string): { match: SQL; via: 'token' | 'legacy' } | null {
  const key = ticketKey(signingKey, code);
  if (!key) return null;
  if (key.via === 'token') return { match: eq(event_rsvps.qr_nonce, key.nonce), via: 'token' };
  const legacy = and(eq(event_rsvps.id, key.rsvpId), eq(event_rsvps.legacy_qr, true), eq(event_rsvps.qr_version, 1));
  return { match: legacy as SQL, via: 'legacy' };
}
