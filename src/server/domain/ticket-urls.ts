import { absoluteUrl, ticketHref, ticketVerificationHref } from '../../common/hrefs.ts';
import { TICKET_SECRET_BYTES } from '../db/schema/rsvps.ts';

/**
 * The public URLs of one ticket; `base` is PUBLIC_BASE_URL (no trailing slash). The page, its API and
 * the QR image are named by the ticket's secret (event_rsvps.ticket_secret), never by the RSVP id
 * (docs/decisions/0010-ticket-secrets.md). The paths come from src/common/hrefs.ts, as in the browser.
 */
export const verificationUrl = (base: string, token: string) => absoluteUrl(base, ticketVerificationHref(token));
export const ticketPagePath = (ticketSecret: string) => ticketHref(ticketSecret);
export const ticketPageUrl = (base: string, ticketSecret: string) => absoluteUrl(base, ticketHref(ticketSecret));
/** Relative, with the qr_version as a cache-buster: a QR signed anew gets a new URL. */
export const qrImagePath = (ticketSecret: string, version: number, format: 'png' | 'svg' = 'png') =>
  `/qr/${ticketSecret}.${format}?v=${version}`;

const TICKET_SECRET_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((TICKET_SECRET_BYTES * 8) / 6)}}$`);
/** Shaped like a ticket secret (checked before any lookup). */
export const isTicketSecret = (s: string) => TICKET_SECRET_PATTERN.test(s);
