import { createHmac, timingSafeEqual } from 'node:crypto';
import { QR_NONCE_BYTES } from '../db/schema/rsvps.ts';

/**
 * Compact signed ticket tokens (docs/decisions/0010-ticket-secrets.md):
 *   base64url(qr_nonce: 16 random bytes) '.' base64url(MAC), MAC = HMAC-SHA256(key, domain ‖ nonce)
 * truncated to 128 bits: 22 + 1 + 22 = 45 characters. The nonce is random per QR version of an RSVP
 * (event_rsvps.qr_nonce), so a token names no RSVP, event or guest; verifyTicket checks the MAC before
 * it looks the nonce up. Only the canonical encoding is accepted, so no two strings verify as one token.
 */
const DOMAIN = Buffer.from('turnout:ticket:v2\0');
const MAC_BYTES = 16;
const b64Chars = (bytes: number) => Math.ceil((bytes * 8) / 6);
const NONCE_CHARS = b64Chars(QR_NONCE_BYTES);
const MAC_CHARS = b64Chars(MAC_BYTES);
export const TICKET_TOKEN_LENGTH = NONCE_CHARS + 1 + MAC_CHARS;
export const TICKET_TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${NONCE_CHARS}}\\.[A-Za-z0-9_-]{${MAC_CHARS}}$`);

function mac(key: string, nonce: Buffer): Buffer {
  return createHmac('sha256', key).update(DOMAIN).update(nonce).digest().subarray(0, MAC_BYTES);
}

/** Decodes base64url only when `s` is the canonical encoding of exactly `bytes` bytes. */
function decodeCanonical(s: string, bytes: number): Buffer | null {
  const b = Buffer.from(s, 'base64url');
  return b.length === bytes && b.toString('base64url') === s ? b : null;
}

/** The token of one QR version; `nonce` is its event_rsvps.qr_nonce. */
export function signTicketToken(opts: { key: string; nonce: string }): string {
  const nonce = decodeCanonical(opts.nonce, QR_NONCE_BYTES);
  if (!nonce) throw new Error(`signTicketToken: nonce must be ${QR_NONCE_BYTES} bytes in canonical base64url`);
  return `${opts.nonce}.${mac(opts.key, nonce).toString('base64url')}`;
}

/**
 * The nonce of a well-formed token signed with `key`, else null. Whether that nonce is an RSVP's
 * current one is verifyTicket's question to the database.
 */
export function verifyTicketToken(opts: { key: string; token: string }): { nonce: string } | null {
  const { token } = opts;
  if (typeof token !== 'string' || token.length !== TICKET_TOKEN_LENGTH || !TICKET_TOKEN_PATTERN.test(token)) return null;
  const nonceText = token.slice(0, NONCE_CHARS);
  const nonce = decodeCanonical(nonceText, QR_NONCE_BYTES);
  const given = decodeCanonical(token.slice(NONCE_CHARS + 1), MAC_BYTES);
  if (!nonce || !given) return null;
  if (!timingSafeEqual(given, mac(opts.key, nonce))) return null;
  return { nonce: nonceText };
}
