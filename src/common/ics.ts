/**
 * RFC 5545 calendar files, for the browser's add-to-calendar and the server's confirmation e-mails.
 * Whatever the text holds, the output is CRLF-terminated lines of at most 75 octets with no other
 * CR, LF or control character, and any date gives a DATE-TIME (never a throw).
 */

import { icsUtc } from './ics-time.ts';

export type CalendarEvent = {
  uid: string;
  title: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  start: Date;
  end: Date;
  /** Revision of the entry: a higher one replaces what a calendar holds for the same UID. */
  sequence?: number;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
};

/** Control characters but LF (a CRLF's CR goes too, so the pair is one line break); broken UTF-16 halves. */
const CONTROL = /[^\P{Cc}\n]/gu;
const LONE_SURROGATE = /\p{Cs}/gu;

/** RFC 5545 §3.3.11 TEXT: line breaks (CRLF, LF) as \n; other controls (a bare CR too) dropped; backslash, semicolon, comma escaped. */
export function escapeIcsText(text: string): string {
  return text
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** A URI or other non-TEXT value: nothing but printable characters. */
const uriValue = (value: string) => value.replace(/[\s\p{Cc}\p{Cs}]/gu, '');

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

/** One VEVENT's lines, unfolded. */
function veventLines(ev: CalendarEvent, now: Date): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(ev.uid)}`,
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART:${icsUtc(ev.start)}`,
    `DTEND:${icsUtc(ev.end)}`,
    `SUMMARY:${escapeIcsText(ev.title)}`,
  ];
  if (ev.sequence !== undefined && Number.isSafeInteger(ev.sequence) && ev.sequence >= 0) lines.push(`SEQUENCE:${ev.sequence}`);
  if (ev.status) lines.push(`STATUS:${ev.status}`);
  if (ev.description) lines.push(`DESCRIPTION:${escapeIcsText(ev.description)}`);
  if (ev.location) lines.push(`LOCATION:${escapeIcsText(ev.location)}`);
  if (ev.url) lines.push(`URL:${uriValue(ev.url)}`);
  lines.push('END:VEVENT');
  return lines;
}

const HEAD = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Turnout//Events//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];

const toFile = (lines: string[]) => `${lines.map(foldIcsLine).join('\r\n')}\r\n`;

/** A one-event VCALENDAR with CRLF line ends, times in UTC. */
export function buildIcs(ev: CalendarEvent, now: Date = new Date()): string {
  return toFile([...HEAD, ...veventLines(ev, now), 'END:VCALENDAR']);
}

/**
 * A subscribed calendar (a feed): any number of events, the calendar's name, and how often a calendar app
 * should fetch it again (REFRESH-INTERVAL, RFC 7986, and Outlook's X-PUBLISHED-TTL), in minutes.
 */
export function buildIcsFeed(feed: { name: string; refreshMinutes: number; events: CalendarEvent[] }, now: Date = new Date()): string {
  const refresh = `PT${Math.max(1, Math.round(feed.refreshMinutes))}M`;
  return toFile([
    ...HEAD,
    `NAME:${escapeIcsText(feed.name)}`,
    `X-WR-CALNAME:${escapeIcsText(feed.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...feed.events.flatMap((ev) => veventLines(ev, now)),
    'END:VCALENDAR',
  ]);
}
