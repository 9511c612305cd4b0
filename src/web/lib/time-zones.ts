import { isValidTimeZone } from './datetime.ts';

/**
 * Dates of an event live in its own time zone (IANA name). The form edits wall-clock date and time
 * in that zone; the API stores instants (ISO 8601 in UTC). Pure functions, no dependencies.
 */

const partsCache = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsCache.set(timeZone, f);
  }
  return f;
}

function wallClock(ms: number, timeZone: string) {
  const p: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour! % 24, mi: p.minute!, s: p.second! };
}

/** Milliseconds the zone is ahead of UTC at this instant (New York in May: −4 h). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  return asUtc - (ms - (ms % 1000));
}

/**
 * '2025-05-03' + '17:00' in 'America/Chicago' → '2025-05-03T22:00:00.000Z'. A blank time means
 * midnight. Returns undefined for a blank or malformed date. A wall time that a DST jump skips
 * resolves to a neighbouring valid instant.
 */
export function zonedToIso(date: string, time: string, timeZone: string): string | undefined {
  const dm = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!dm) return undefined;
  const tm = /^(\d{2}):(\d{2})$/.exec(time.trim() || '00:00');
  if (!tm) return undefined;
  const guess = Date.UTC(Number(dm[1]), Number(dm[2]) - 1, Number(dm[3]), Number(tm[1]), Number(tm[2]));
  if (Number.isNaN(guess)) return undefined;
  const tz = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const first = zoneOffsetMs(guess, tz);
  let ms = guess - first;
  const second = zoneOffsetMs(ms, tz);
  if (second !== first) ms = guess - second;
  return new Date(ms).toISOString();
}

/** '2025-05-03T22:00:00Z' in 'America/Chicago' → { date: '2025-05-03', time: '17:00' }. */
export function isoToZoned(iso: string | null | undefined, timeZone: string): { date: string; time: string } {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) return { date: '', time: '' };
  const w = wallClock(ms, isValidTimeZone(timeZone) ? timeZone : 'UTC');
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${w.y}-${pad(w.mo)}-${pad(w.d)}`, time: `${pad(w.h)}:${pad(w.mi)}` };
}

/** The browser's own zone, for new events. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every IANA zone the browser knows, plus UTC and the zone in use (kept even if unknown here). */
export function timeZoneOptions(current?: string): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const set = new Set<string>(['UTC', ...list]);
  if (current) set.add(current);
  return [...set].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}
