import { DEFAULT_EVENT_HOURS } from '../../../common/constants.ts';

/**
 * Add-to-calendar for the landing page (SPEC §2, §5 Landing template): an RFC 5545 file for wide
 * screens, a Google Calendar template link for phones. Pure; the only DOM code is downloadIcs.
 */

const HOUR_MS = 3_600_000;

/** SPEC §5: an invalid start falls back to now; a missing (or unusable) end is start + 4 hours. */
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

/** 20250503T220000Z */
export function icsUtc(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma and newlines escaped. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF + space), never inside a character. */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with one space
    if (octets + n > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

export type CalendarEvent = {
  uid: string;
  title: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  start: Date;
  end: Date;
};

/** A one-event VCALENDAR with CRLF line ends, times in UTC. */
export function buildIcs(ev: CalendarEvent, now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Turnout//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(ev.uid)}`,
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART:${icsUtc(ev.start)}`,
    `DTEND:${icsUtc(ev.end)}`,
    `SUMMARY:${escapeIcsText(ev.title)}`,
  ];
  if (ev.description) lines.push(`DESCRIPTION:${escapeIcsText(ev.description)}`);
  if (ev.location) lines.push(`LOCATION:${escapeIcsText(ev.location)}`);
  if (ev.url) lines.push(`URL:${ev.url}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
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

/** Saves the text as a file through a temporary object URL. */
export function downloadIcs(content: string, filename = 'event.ics') {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
