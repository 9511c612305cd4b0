import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../common/schemas/ids.ts';

/**
 * Compact signed ticket tokens: base64url(16-byte RSVP uuid ‖ 4-byte qr_version) '.' base64url(MAC),
 * MAC = HMAC-SHA256(key, domain ‖ payload) truncated to 128 bits. 27 + 1 + 22 = 50 characters.
 * Only the canonical encoding is accepted, so no two strings verify as the same token.
 */
const DOMAIN = Buffer.from('turnout:ticket:v1\0');
const MAC_BYTES = 16;
const PAYLOAD_CHARS = 27;
const MAC_CHARS = 22;
export const TICKET_TOKEN_LENGTH = PAYLOAD_CHARS + 1 + MAC_CHARS;
export const TICKET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{22}$/;

export type TicketClaim = { rsvpId: string; version: number };

function mac(key: string, payload: Buffer): Buffer {
  return createHmac('sha256', key).update(DOMAIN).update(payload).digest().subarray(0, MAC_BYTES);
}

function uuidToBytes(id: string): Buffer {
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function bytesToUuid(b: Buffer): string {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function signTicketToken(opts: { key: string; rsvpId: string; version: number }): string {
  if (!isUuid(opts.rsvpId)) throw new Error('signTicketToken: rsvpId must be a UUID');
  if (!Number.isInteger(opts.version) || opts.version < 0 || opts.version > 0xffffffff) {
    throw new Error('signTicketToken: version must be a 32-bit unsigned integer');
  }
  const payload = Buffer.alloc(20);
  uuidToBytes(opts.rsvpId).copy(payload, 0);
  payload.writeUInt32BE(opts.version, 16);
  return `${payload.toString('base64url')}.${mac(opts.key, payload).toString('base64url')}`;
}

/** Decodes base64url only when `s` is the canonical encoding of exactly `bytes` bytes. */
function decodeCanonical(s: string, bytes: number): Buffer | null {
  const b = Buffer.from(s, 'base64url');
  return b.length === bytes && b.toString('base64url') === s ? b : null;
}

/**
 * The claim of a well-formed token signed with `key`, else null. It does not know the RSVP's current
 * qr_version: verifyTicket compares that with the database.
 */
export function verifyTicketToken(opts: { key: string; token: string }): TicketClaim | null {
  const { token } = opts;
  if (typeof token !== 'string' || token.length !== TICKET_TOKEN_LENGTH || !TICKET_TOKEN_PATTERN.test(token)) return null;
  const payload = decodeCanonical(token.slice(0, PAYLOAD_CHARS), 20);
  const given = decodeCanonical(token.slice(PAYLOAD_CHARS + 1), MAC_BYTES);
  if (!payload || !given) return null;
  if (!timingSafeEqual(given, mac(opts.key, payload))) return null;
  return { rsvpId: bytesToUuid(payload.subarray(0, 16)), version: payload.readUInt32BE(16) };
}
