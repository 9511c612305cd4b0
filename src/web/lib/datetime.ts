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

/** Whether the browser knows this IANA zone name. */
export function isValidTimeZone(tz: string): boolean {
  try {
    partsFormat(tz);
    return true;
  } catch {
    return false;
  }
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

const longCache = new Map<string, Intl.DateTimeFormat>();
function longFormat(key: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const k = `${key}|${timeZone}`;
  let f = longCache.get(k);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: isValidTimeZone(timeZone) ? timeZone : 'UTC' });
    longCache.set(k, f);
  }
  return f;
}

/** 'Saturday, May 3, 2025' in the event's zone. */
export function formatLongDate(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return longFormat('date', timeZone, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(ms);
}

/** '5:00 PM CDT' in the event's zone. */
export function formatTime(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return longFormat('time', timeZone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(ms);
}

/** '5:00 PM' (no zone name), for the start of a same-day range. */
function formatTimeShort(iso: string, timeZone: string): string {
  return longFormat('time-short', timeZone, { hour: 'numeric', minute: '2-digit' }).format(Date.parse(iso));
}

/** 'Saturday, May 3, 2025 · 5:00 PM CDT' (with '– 11:00 PM CDT' when the end is the same day). */
export function formatEventWhen(startIso: string, endIso: string | null | undefined, timeZone: string): { date: string; time: string } {
  const date = formatLongDate(startIso, timeZone);
  if (!date) return { date: '', time: '' };
  if (endIso && !Number.isNaN(Date.parse(endIso))) {
    const sameDay = formatLongDate(endIso, timeZone) === date;
    if (sameDay) return { date, time: `${formatTimeShort(startIso, timeZone)} – ${formatTime(endIso, timeZone)}` };
    return { date, time: `${formatTime(startIso, timeZone)} – ${formatLongDate(endIso, timeZone)}, ${formatTime(endIso, timeZone)}` };
  }
  return { date, time: formatTime(startIso, timeZone) };
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
