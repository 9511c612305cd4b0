import { DEFAULT_EVENT_HOURS } from '../../../common/constants.ts';
import type { CalendarEvent } from '../../../common/ics.ts';
import { icsUtc } from '../../../common/ics-time.ts';

export type { CalendarEvent };

/**
 * What add-to-calendar needs at once (docs/product.md#public-event-page): the event window and the Google
 * Calendar link phones open. The .ics file for wide screens is built by ics.ts (common/ics.ts), loaded on click.
 */

const HOUR_MS = 3_600_000;

/** docs/product.md#sample-event: an invalid start falls back to now; a missing (or unusable) end is start + 4 hours. */
export function resolveEventWindow(
  startISO: string | null | undefined,
  endISO: string | null | undefined,
  now: Date = new Date(),
): { start: Date; end: Date } {
  const s = startISO ? Date.parse(startISO) : Number.NaN;
  const start = new Date(Number.isNaN(s) ? now.getTime() : s);
  const e = endISO ? Date.parse(endISO) : Number.NaN;
  const end = !Number.isNaN(e) && e > start.getTime() ? new Date(e) : new Date(start.getTime() + DEFAULT_EVENT_HOURS * HOUR_MS);
  return { start, end };
}

/** Google Calendar's "create event" template, for phones (opens in a new tab). */
export function googleCalendarUrl(ev: Omit<CalendarEvent, 'uid'>): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: ev.title,
    dates: `${icsUtc(ev.start)}/${icsUtc(ev.end)}`,
  });
  const details = [ev.description, ev.url].filter(Boolean).join('\n\n');
  if (details) params.set('details', details);
  if (ev.location) params.set('location', ev.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
