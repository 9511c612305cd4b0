import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { parseTicketPayload } from './parse-ticket-payload.ts';
import { verifyTicketToken } from './ticket-token.ts';

export type VerifiedTicket = { rsvpId: string; eventId: string; via: 'token' | 'legacy' };

/**
 * Is this scanned QR content a valid ticket? A signed token must carry the RSVP's current qr_version.
 * A legacy JSON payload (SPEC §5) is no credential: its verification_code is the RSVP id, which is in
 * every ticket URL. So it verifies only an RSVP marked `legacy_qr` — one imported from the legacy
 * system, whose guest holds no signed token of ours (the importer sets the mark; see the schema) —
 * and only while its QR was never rotated (qr_version 1). Every RSVP this app issued refuses it.
 * The RSVP must be confirmed or paid (SPEC §5), and belong to `eventId` when one is given.
 */
export async function verifyTicket(opts: {
  db: DbOrTx;
  signingKey: string;
  token: string;
  eventId?: string;
}): Promise<VerifiedTicket | null> {
  const payload = parseTicketPayload(opts.token);
  if (!payload) return null;
  let rsvpId: string;
  let version: number;
  if (payload.kind === 'token') {
    const claim = verifyTicketToken({ key: opts.signingKey, token: payload.token });
    if (!claim) return null;
    rsvpId = claim.rsvpId;
    version = claim.version;
  } else {
    rsvpId = payload.verificationCode;
    version = 1;
  }
  const [row] = await opts.db
    .select({
      event_id: event_rsvps.event_id,
      qr_version: event_rsvps.qr_version,
      legacy_qr: event_rsvps.legacy_qr,
      status: event_rsvps.status,
      payment_status: event_rsvps.payment_status,
    })
    .from(event_rsvps)
    .where(eq(event_rsvps.id, rsvpId))
    .limit(1);
  if (!row || row.qr_version !== version) return null;
  if (payload.kind === 'legacy' && !row.legacy_qr) return null;
  if (opts.eventId && row.event_id !== opts.eventId) return null;
  if (row.status !== 'confirmed' && row.payment_status !== 'paid') return null;
  return { rsvpId, eventId: row.event_id, via: payload.kind };
}
