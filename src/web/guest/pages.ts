import { SAMPLE_PRODUCT } from '../../common/routes.ts';

/**
 * The guest pages, each served by its own light start-up without React Router (guest/<html>.html →
 * <html>-main.tsx → mount.tsx; docs/decisions/0003-public-entry.md). The server sends that HTML for
 * exactly these paths (GUEST_PAGES in src/server/http/spa.ts; tests/integration/spa-entries.test.ts
 * keeps the two in step); vite.config.ts builds one start-up per `html`. The full app's router.tsx
 * lists these paths too, for visits from inside the app.
 */
export const GUEST_PAGES = [
  { path: '/event', html: 'event' },
  { path: '/event/:id', html: 'event' },
  { path: '/ticket/:rsvpId', html: 'ticket' },
  { path: `/${SAMPLE_PRODUCT}`, html: 'sample' },
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

export type GuestMatch = { page: (typeof GUEST_PAGES)[number]; params: Readonly<Record<string, string>> };

/** The guest page for a pathname, with its decoded params; null = not a guest page. */
export function matchGuestPage(pathname: string): GuestMatch | null {
  for (const { page, re } of compiled) {
    const m = re.exec(pathname);
    if (m) return { page, params: Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decode(v)])) };
  }
  return null;
}
