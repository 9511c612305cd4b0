import { describe, expect, it } from 'vitest';
import { isValidTimeZone, zonedFormat } from './zoned-format.ts';

const AT = '2025-05-03T22:00:00Z';

describe('zonedFormat (the one event-date fallback)', () => {
  it('formats in the named zone, and in UTC when the zone is unknown', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    const opts: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
    expect(zonedFormat('t', 'America/Chicago', opts).format(Date.parse(AT))).toBe('5:00 PM');
    expect(zonedFormat('t', 'Mars/Olympus', opts).format(Date.parse(AT))).toBe('10:00 PM');
  });
});
