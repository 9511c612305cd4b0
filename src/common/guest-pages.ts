import { SAMPLE_PRODUCT } from './routes.ts';

/**
 * The guest pages, each served by its own light start-up without React Router (guest/<html>.html, made
 * by vite.config.ts from index.html → src/web/guest/<html>-main.tsx → mount.tsx; docs/decisions/0003-public-entry.md). One list for everyone: the server
 * sends guest/<html>.html for exactly these paths (src/server/http/spa.ts), vite.config.ts builds one
 * start-up per `html`, the guest start-ups read their params with matchGuestPage, and the bench
 * measures their first load. The full app's router.tsx lists these paths too, for in-app visits.
 */
export const GUEST_PAGES = [
  { path: '/event', html: 'event' },
  { path: '/event/:id', html: 'event' },
  { path: '/ticket/:ticketSecret', html: 'ticket' },
  { path: '/rsvp/:manageSecret', html: 'rsvp' },
  { path: `/${SAMPLE_PRODUCT}`, html: 'sample' },
  { path: '/event/:eventSlug/payment-success', html: 'payment' },
  // The RSVP form alone, for a frame on the host's own site (docs/product.md#embedding): the event page's
  // start-up, which loads the embedded view apart (one more start-up would re-split the shared chunks).
  { path: '/embed/:id', html: 'event' },
] as const;

const compiled = GUEST_PAGES.map((page) => ({
  page,
  re: new RegExp(`^${page.path.replace(/:([A-Za-z]+)/g, '(?<$1>[^/]+)')}/?$`),
}));

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // as React Router does with a malformed escape
  }
}

export type GuestMatch = { page: GuestPage; params: Readonly<Record<string, string>> };

/** The built start-up a guest page is served from, inside the client build. */
export const guestHtmlFile = (page: Pick<GuestPage, 'html'>) => `guest/${page.html}.html`;

export type GuestPage = (typeof GUEST_PAGES)[number];

/** The guest page for a pathname, with its decoded params; null = not a guest page. */
export function matchGuestPage(pathname: string): GuestMatch | null {
  for (const { page, re } of compiled) {
    const m = re.exec(pathname);
    if (m) return { page, params: Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decode(v)])) };
  }
  return null;
}
