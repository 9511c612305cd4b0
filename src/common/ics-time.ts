/**
 * The calendar time format, apart from the .ics builder (ics.ts): the event page's Google Calendar link
 * needs it on first load, the builder only on click.
 */

const EARLIEST = Date.parse('0000-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59Z');

/** 20250503T220000Z. A date outside years 0000–9999 is clamped to them, an invalid one is 1970. */
export function icsUtc(d: Date): string {
  const t = d.getTime();
  return new Date(Number.isNaN(t) ? 0 : Math.min(Math.max(t, EARLIEST), LATEST))
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
