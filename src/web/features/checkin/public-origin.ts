/**
 * The ticket verification pages live on the configured public address (PUBLIC_BASE_URL): the server
 * writes its origin into their HTML as <meta name="turnout-origin"> (src/server/http/spa.ts), and a page
 * opened on any other host (an old domain, a raw IP) moves there keeping path, query and hash
 * (docs/product.md#ticket-verification).
 */
export const ORIGIN_META = 'turnout-origin';

/** Where to go instead of `location`, or null when this is already the public origin (or it is unknown). */
export function publicOriginRedirect(
  location: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash'>,
  doc: Pick<Document, 'querySelector'>,
): string | null {
  const content = doc.querySelector(`meta[name="${ORIGIN_META}"]`)?.getAttribute('content')?.trim();
  if (!content) return null;
  let origin: string;
  try {
    origin = new URL(content).origin;
  } catch {
    return null;
  }
  if (origin === location.origin) return null;
  return `${origin}${location.pathname}${location.search}${location.hash}`;
}
