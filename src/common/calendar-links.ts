import type { CalendarEvent } from './ics.ts';
import { icsUtc } from './ics-time.ts';

// The event window lives with the other time rules (event-time.ts): pages that only show dates load no link builders.
export { resolveEventWindow } from './event-time.ts';

export type { CalendarEvent };

/**
 * Add-to-calendar links (docs/product.md#public-event-page), shared by the guest pages and the e-mails:
 * the event window, Google Calendar's and Outlook's "new event" templates. The .ics file is built by
 * common/ics.ts (in the browser loaded on click; the server also serves it per event).
 */

/** Google Calendar's "create event" template (opens in a new tab). */
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

/** Outlook on the web's "new event" composer (personal and work accounts both open it). */
export function outlookCalendarUrl(ev: Omit<CalendarEvent, 'uid'>): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: ev.title,
    startdt: ev.start.toISOString(),
    enddt: ev.end.toISOString(),
  });
  const body = [ev.description, ev.url].filter(Boolean).join('\n\n');
  if (body) params.set('body', body);
  if (ev.location) params.set('location', ev.location);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}
