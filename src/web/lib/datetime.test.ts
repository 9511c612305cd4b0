import { describe, expect, it } from 'vitest';
import { formatEventWhen, formatLongDate } from './datetime.ts';
import { isoToZoned, timeZoneOptions, zonedToIso } from './time-zones.ts';

describe('zonedToIso / isoToZoned', () => {
  it('turns a wall-clock time in the event zone into a UTC instant and back', () => {
    expect(zonedToIso('2025-05-03', '17:00', 'America/Chicago')).toBe('2025-05-03T22:00:00.000Z');
    expect(zonedToIso('2025-01-15', '09:30', 'Europe/Paris')).toBe('2025-01-15T08:30:00.000Z');
    expect(zonedToIso('2025-07-15', '09:30', 'Europe/Paris')).toBe('2025-07-15T07:30:00.000Z');
    expect(zonedToIso('2025-05-03', '', 'UTC')).toBe('2025-05-03T00:00:00.000Z');
    expect(isoToZoned('2025-05-03T22:00:00.000Z', 'America/Chicago')).toEqual({ date: '2025-05-03', time: '17:00' });
    expect(isoToZoned('2025-05-04T04:00:00Z', 'Asia/Tokyo')).toEqual({ date: '2025-05-04', time: '13:00' });
  });

  it('handles the hours around a DST change', () => {
    // New York falls back on 2025-11-02: 01:30 happens twice; either instant is acceptable.
    const iso = zonedToIso('2025-11-02', '01:30', 'America/New_York')!;
    expect(['2025-11-02T05:30:00.000Z', '2025-11-02T06:30:00.000Z']).toContain(iso);
    expect(zonedToIso('2025-11-02', '03:00', 'America/New_York')).toBe('2025-11-02T08:00:00.000Z');
    expect(zonedToIso('2025-03-09', '03:30', 'America/New_York')).toBe('2025-03-09T07:30:00.000Z');
  });

  it('rejects blank or malformed input and survives unknown zones', () => {
    expect(zonedToIso('', '10:00', 'UTC')).toBeUndefined();
    expect(zonedToIso('2025-13', '10:00', 'UTC')).toBeUndefined();
    expect(zonedToIso('2025-05-03', '10:00', 'Mars/Olympus')).toBe('2025-05-03T10:00:00.000Z');
    expect(isoToZoned(null, 'UTC')).toEqual({ date: '', time: '' });
  });
});

describe('formatting in the event zone', () => {
  it('long-form date and a same-day time range', () => {
    expect(formatLongDate('2025-05-03T22:00:00Z', 'America/Chicago')).toBe('Saturday, May 3, 2025');
    // Late evening UTC is already the next day in Tokyo.
    expect(formatLongDate('2025-05-03T22:00:00Z', 'Asia/Tokyo')).toBe('Sunday, May 4, 2025');
    const when = formatEventWhen('2025-05-03T22:00:00Z', '2025-05-04T04:00:00Z', 'America/Chicago');
    expect(when.date).toBe('Saturday, May 3, 2025');
    expect(when.time).toBe('5:00 PM – 11:00 PM CDT');
  });

  it('lists UTC first and keeps the zone in use', () => {
    const list = timeZoneOptions('Etc/Unknown');
    expect(list[0]).toBe('UTC');
    expect(list).toContain('Etc/Unknown');
    expect(list).toContain('America/New_York');
  });
});
