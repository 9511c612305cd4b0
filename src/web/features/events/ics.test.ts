import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_EVENT } from '../../../common/constants.ts';
import { googleCalendarUrl, resolveEventWindow } from '../../../common/calendar-links.ts';
import { buildIcs, escapeIcsText, foldIcsLine } from '../../../common/ics.ts';

function parseEvent(ics: string) {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const vevent = comp.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { comp, vevent, event: new ICAL.Event(vevent) };
}

describe('resolveEventWindow (invalid start → now, no end → start + 4 h)', () => {
  const now = new Date('2030-01-02T03:04:05Z');

  it('keeps a valid start and end', () => {
    const w = resolveEventWindow(SAMPLE_EVENT.startISO, SAMPLE_EVENT.endISO, now);
    expect(w.start.toISOString()).toBe('2025-05-03T22:00:00.000Z');
    expect(w.end.toISOString()).toBe('2025-05-04T04:00:00.000Z');
  });

  it('an invalid or missing start falls back to now', () => {
    expect(resolveEventWindow('not a date', null, now).start).toEqual(now);
    expect(resolveEventWindow(undefined, undefined, now).start).toEqual(now);
  });

  it('a missing, invalid or earlier end is start + 4 hours', () => {
    for (const end of [null, undefined, '', 'nope', '2025-05-03T10:00:00Z']) {
      expect(resolveEventWindow(SAMPLE_EVENT.startISO, end, now).end.toISOString()).toBe('2025-05-04T02:00:00.000Z');
    }
  });
});

describe('buildIcs', () => {
  const { start, end } = resolveEventWindow(SAMPLE_EVENT.startISO, SAMPLE_EVENT.endISO);
  const stamp = new Date('2025-04-01T12:00:00Z');
  const ics = buildIcs(
    {
      uid: 'sample-1@turnout',
      title: 'Garden Party; drinks, music & more',
      description: 'Line one\nLine two, with a comma; and a semicolon \\ backslash.\nÉtoile ✨ '.repeat(3),
      location: '12 Main St, Springfield',
      url: 'https://example.com/sample',
      start,
      end,
    },
    stamp,
  );

  it('uses CRLF line ends only, and no physical line over 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('parses with ical.js: UTC start/end, UID, DTSTAMP and the text round-trips', () => {
    const { comp, vevent, event } = parseEvent(ics);
    expect(comp.getFirstPropertyValue('version')).toBe('2.0');
    expect(event.uid).toBe('sample-1@turnout');
    expect(event.startDate.toJSDate().toISOString()).toBe('2025-05-03T22:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2025-05-04T04:00:00.000Z');
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(String(vevent.getFirstPropertyValue('dtstamp'))).toBe('2025-04-01T12:00:00Z');
    expect(event.summary).toBe('Garden Party; drinks, music & more');
    expect(event.location).toBe('12 Main St, Springfield');
    expect(event.description).toBe('Line one\nLine two, with a comma; and a semicolon \\ backslash.\nÉtoile ✨ '.repeat(3));
  });

  it('omits empty optional fields', () => {
    const bare = buildIcs({ uid: 'x', title: 'T', start, end }, stamp);
    expect(bare).not.toMatch(/DESCRIPTION|LOCATION|URL/);
    expect(parseEvent(bare).event.summary).toBe('T');
  });
});

describe('text helpers', () => {
  it('escapes TEXT per RFC 5545', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds without splitting a multi-byte character', () => {
    const folded = foldIcsLine(`SUMMARY:${'é'.repeat(80)}`);
    const parts = folded.split('\r\n ');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(`SUMMARY:${'é'.repeat(80)}`);
  });

  it('builds a Google Calendar template link', () => {
    const url = new URL(
      googleCalendarUrl({
        title: 'Party',
        location: 'Home',
        start: new Date('2025-05-03T22:00:00Z'),
        end: new Date('2025-05-04T04:00:00Z'),
      }),
    );
    expect(url.hostname).toBe('calendar.google.com');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20250503T220000Z/20250504T040000Z');
    expect(url.searchParams.get('location')).toBe('Home');
  });
});
