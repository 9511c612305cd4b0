/**
 * Event dates in the event's own time zone, on the server (e-mails, share tags) and in the browser:
 * the one Intl.DateTimeFormat cache and the one fallback for a zone this runtime does not know, UTC
 * (the schema accepts only known zones, but a bad stored row must not break a page or an e-mail).
 */

/** Whether this runtime knows the IANA zone name. */
export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Keyed by stored event zones × a few fixed shapes; cleared rather than grown past this. */
const CACHE_MAX = 500;
const cache = new Map<string, Intl.DateTimeFormat>();

/** The en-US format `options` in `timeZone` (UTC if unknown), cached under `shape` (one name per options object). */
export function zonedFormat(shape: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${shape}|${timeZone}`;
  let f = cache.get(key);
  if (!f) {
    if (cache.size >= CACHE_MAX) cache.clear();
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: isValidTimeZone(timeZone) ? timeZone : 'UTC' });
    cache.set(key, f);
  }
  return f;
}
