import { SAMPLE_PRODUCT } from './routes.ts';

/**
 * Every public URL the app hands out, built one way: a path segment is always encoded. The server
 * prefixes PUBLIC_BASE_URL (absoluteUrl); the browser links to the path as it is.
 */

/** The public event page: by slug when there is one, else by id (docs/ARCHITECTURE.md, route table in routes.ts). */
export const eventHref = (e: { id: string; slug?: string | null }) => `/event/${encodeURIComponent(e.slug || e.id)}`;

/** The seeded sample event's landing page. */
export const sampleHref = () => `/${SAMPLE_PRODUCT}`;

/** A guest's ticket page, reached through its own secret. */
export const ticketHref = (secret: string) => `/ticket/${encodeURIComponent(secret)}`;

/** A guest's manage page: change or cancel their answer (the secret is e-mailed to the RSVP's address only). */
export const manageRsvpHref = (secret: string) => `/rsvp/${encodeURIComponent(secret)}`;

/** The manage page asking "Stop reminders for this event?": every reminder's opt-out link (docs/product.md#reminders). */
export const STOP_REMINDERS_PARAM = 'reminders';
export const stopRemindersHref = (secret: string) => `${manageRsvpHref(secret)}?${STOP_REMINDERS_PARAM}=off`;

/** A map search for an event's location (opens the maps app on phones). */
export const mapSearchHref = (location: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;

/** What a ticket's QR code opens: the verification page of a signed ticket token. */
export const ticketVerificationHref = (token: string) => `/ticket-verification/${encodeURIComponent(token)}`;

/** `href` on `origin`, which has no trailing slash: PUBLIC_BASE_URL on the server (env.ts), window.location.origin in the browser. */
export const absoluteUrl = (origin: string, href: string) => `${origin}${href}`;

/** The check-in area: index, scan and search of one event (docs/product.md#check-in). */
export const checkinHref = (page: 'index' | 'scan' | 'search', eventId?: string | null) =>
  `/checkin${page === 'index' ? '' : `/${page}`}${eventId ? `?event=${encodeURIComponent(eventId)}` : ''}`;

/** Stripe's webhook endpoint of one paid event (docs/product.md#payments): the host registers it in their Stripe dashboard. */
export const paymentWebhookHref = (eventId: string) => `/api/payments/webhook/${encodeURIComponent(eventId)}`;

/** The one webhook endpoint of a host's Stripe account (docs/product.md#stripe-account), for all its events. */
export const accountWebhookHref = (accountId: string) => `/api/payments/webhook/account/${encodeURIComponent(accountId)}`;

/**
 * A paid checkout's cancel URL (docs/decisions/0015-payments.md): the server ends this browser's open
 * checkout for the event (its remembered answer) and sends the guest back to the event page.
 */
export const checkoutCancelledHref = (eventId: string) => `/api/public/events/${encodeURIComponent(eventId)}/checkout-cancelled`;
