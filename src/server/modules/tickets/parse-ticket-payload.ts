import { TICKET_TOKEN_PATTERN } from '../../domain/ticket-token.ts';
import { isUuid } from '../../../common/schemas/ids.ts';

/** What a scanned QR (or a pasted link) holds: a signed token, or a legacy JSON payload's RSVP id. */
export type TicketPayload = { kind: 'token'; token: string } | { kind: 'legacy'; verificationCode: string };

const MAX_INPUT = 4096;
const MAX_DECODES = 3;

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function legacyCode(s: string): string | null {
  if (!s.startsWith('{')) return null;
  try {
    const v: unknown = JSON.parse(s);
    const code = v && typeof v === 'object' ? (v as Record<string, unknown>).verification_code : undefined;
    return typeof code === 'string' && isUuid(code) ? code.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Token, raw JSON, or JSON percent-encoded up to three times. */
function fromValue(value: string): TicketPayload | null {
  let v = value;
  for (let i = 0; i <= MAX_DECODES; i++) {
    if (TICKET_TOKEN_PATTERN.test(v)) return { kind: 'token', token: v };
    const code = legacyCode(v);
    if (code) return { kind: 'legacy', verificationCode: code };
    const next = safeDecode(v);
    if (next === v) break;
    v = next;
  }
  return null;
}

/** The last non-empty path segment of a URL or path, without query or fragment. */
function lastSegment(s: string): string | null {
  try {
    const segments = new URL(s, 'http://local.invalid').pathname.split('/').filter(Boolean);
    return segments.at(-1) ?? null;
  } catch {
    return null;
  }
}

/**
 * Accepts the signed token alone, the verification URL (…/ticket-verification/{token}?event=…), and the
 * seed's legacy payloads (docs/product.md#tickets-and-qr-codes): raw JSON, URL-encoded JSON, or a URL whose
 * last segment is double-encoded JSON. Legacy payloads yield only their verification_code (never a name to
 * match); verifyTicket accepts one only for an RSVP imported from the legacy system.
 */
export function parseTicketPayload(input: string): TicketPayload | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  if (!s || s.length > MAX_INPUT) return null;
  const direct = fromValue(s);
  if (direct) return direct;
  const segment = lastSegment(s);
  return segment && segment !== s ? fromValue(segment) : null;
}
