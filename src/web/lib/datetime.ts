/**
 * Showing an event's dates in its own time zone (IANA name), as the guest pages and admin cards do.
 * Editing them (wall-clock date and time ↔ instants) is time-zones.ts, which only the event form loads.
 */

import { zonedFormat } from '../../common/zoned-format.ts';

export { isValidTimeZone } from '../../common/zoned-format.ts';

/** 'Saturday, May 3, 2025' in the event's zone. */
export function formatLongDate(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return zonedFormat('date', timeZone, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(ms);
}

/** '5:00 PM CDT' in the event's zone. */
export function formatTime(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return zonedFormat('time', timeZone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(ms);
}

/** '5:00 PM' (no zone name), for the start of a same-day range. */
function formatTimeShort(iso: string, timeZone: string): string {
  return zonedFormat('time-short', timeZone, { hour: 'numeric', minute: '2-digit' }).format(Date.parse(iso));
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
