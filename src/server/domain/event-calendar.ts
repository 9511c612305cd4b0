import { resolveEventWindow } from '../../common/calendar-links.ts';
import { absoluteUrl, eventHref } from '../../common/hrefs.ts';
import { buildIcs, type CalendarEvent } from '../../common/ics.ts';

/**
 * An event's calendar entry, one way for the confirmation's .ics attachment, the e-mails'
 * Google / Outlook links and the public calendar.ics (docs/product.md#e-mails): the event window of
 * common/calendar-links.ts (no end: start + 4 h), the event page by id (a slug may change; a ticket
 * link is never in a calendar, which is often shared) and one UID per event and host name, so every
 * copy of the entry is the same one to a calendar.
 */
export type CalendarSource = {
  id: string;
  title: string;
  subtitle: string | null;
  location: string | null;
  event_date: Date;
  end_date: Date | null;
};

const iso = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? d.toISOString() : null);

/** The public path of an event's .ics (GET /api/public/events/{eventId}/calendar.ics, event-ics.routes.ts). */
export const eventIcsHref = (eventId: string) => `/api/public/events/${encodeURIComponent(eventId)}/calendar.ics`;

/** The event page by id, absolute: it keeps working when the host changes the slug. */
export const eventPageUrl = (baseUrl: string, eventId: string) => absoluteUrl(baseUrl, eventHref({ id: eventId }));

export function eventCalendarEntry(event: CalendarSource, baseUrl: string): CalendarEvent {
  const { start, end } = resolveEventWindow(iso(event.event_date), iso(event.end_date));
  const url = eventPageUrl(baseUrl, event.id);
  return {
    uid: `event-${event.id}@${new URL(baseUrl).hostname}`,
    title: event.title,
    description: event.subtitle,
    location: event.location,
    url,
    start,
    end,
  };
}

/** The entry as a calendar file holds it: the event page also closes the description (the calendar links add it themselves). */
export function eventIcsEntry(event: CalendarSource, baseUrl: string): CalendarEvent {
  const entry = eventCalendarEntry(event, baseUrl);
  return { ...entry, description: [entry.description, entry.url].filter(Boolean).join('\n\n') };
}

/** The event's .ics file as the public endpoint serves it (no revision or status: those are a guest's). */
export const eventIcs = (event: CalendarSource, baseUrl: string) => buildIcs(eventIcsEntry(event, baseUrl));
