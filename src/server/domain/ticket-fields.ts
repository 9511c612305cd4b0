import { randomBase64url } from '../crypto/random-pool.ts';
import { QR_NONCE_BYTES, TICKET_SECRET_BYTES } from '../db/schema/rsvps.ts';
import { signTicketToken } from './ticket-token.ts';
import { qrImagePath } from './ticket-urls.ts';

/** Where tickets point and how they are signed (PUBLIC_BASE_URL, TICKET_SIGNING_KEY). */
export type TicketConfig = { baseUrl: string; signingKey: string };

/** What a ticket is made of: the page's secret, and the QR version with its nonce. */
export type TicketKeys = { ticket_secret: string; qr_nonce: string; qr_version: number };

/** The ticket columns of an RSVP row: the keys and what they make (null while not confirmed). */
export type TicketColumns = TicketKeys & { qr_code_data: string | null; qr_code_image_url: string | null };

const random = randomBase64url;

/** The keys of a new RSVP. */
export const newTicketKeys = (): TicketKeys => ({
  ticket_secret: random(TICKET_SECRET_BYTES),
  qr_nonce: random(QR_NONCE_BYTES),
  qr_version: 1,
});

/**
 * A new QR version with a new nonce: every token signed before is refused from now on. With `newPage`
 * (the host regenerating the QR) the ticket secret is replaced too, so the old ticket page, its API and
 * its QR image URLs answer 404.
 */
export function rotateTicketKeys(keys: TicketKeys, opts: { newPage: boolean }): TicketKeys {
  return {
    ticket_secret: opts.newPage ? random(TICKET_SECRET_BYTES) : keys.ticket_secret,
    qr_nonce: random(QR_NONCE_BYTES),
    qr_version: keys.qr_version + 1,
  };
}

/**
 * The one writer of an RSVP's ticket columns (docs/decisions/0010-ticket-secrets.md): the keys, the
 * signed token the QR encodes and the QR image URL, both null unless `confirmed`. Also returns the token.
 */
export function ticketColumns(
  config: TicketConfig,
  keys: TicketKeys,
  confirmed: boolean,
): { columns: TicketColumns; token: string | null } {
  const token = confirmed ? signTicketToken({ key: config.signingKey, nonce: keys.qr_nonce }) : null;
  return {
    columns: {
      ticket_secret: keys.ticket_secret,
      qr_nonce: keys.qr_nonce,
      qr_version: keys.qr_version,
      qr_code_data: token,
      qr_code_image_url: token ? `${config.baseUrl}${qrImagePath(keys.ticket_secret, keys.qr_version)}` : null,
    },
    token,
  };
}

/**
 * The ticket columns after a guest's answer: a first answer gets new keys; leaving 'confirmed' rotates
 * the QR (the ticket page stays), so a ticket from before a decline never comes back with a later yes.
 */
export function answeredTicketColumns(
  config: TicketConfig,
  opts: { prev: (TicketKeys & { status: string }) | null; confirmed: boolean },
): { columns: TicketColumns; token: string | null } {
  const { prev } = opts;
  const keys = !prev ? newTicketKeys() : prev.status === 'confirmed' && !opts.confirmed ? rotateTicketKeys(prev, { newPage: false }) : prev;
  return ticketColumns(config, keys, opts.confirmed);
}
