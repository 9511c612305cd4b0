import { describe, expect, it } from 'vitest';
import { formatEventWhen as mailWhen } from '../../src/server/emails/event-when.ts';
import { longDate } from '../../src/common/share-card.ts';
import { formatShortDate } from '../../src/web/features/rsvp/format.ts';
import { formatLongDate } from '../../src/web/lib/datetime.ts';

// One event-date fallback (src/common/zoned-format.ts): a zone the runtime does not know reads as UTC
// on the event page, the ticket, the share tags and in the e-mails alike.
const AT = '2025-05-03T22:00:00Z';

describe('event dates in an unknown time zone', () => {
  it('the page, the ticket, the share tags and the e-mails all fall back the same way', () => {
    expect(formatLongDate('2025-05-04T02:00:00Z', 'Mars/Olympus')).toBe(formatLongDate('2025-05-04T02:00:00Z', 'UTC'));
    expect(formatShortDate('2025-05-04T02:00:00Z', 'Mars/Olympus')).toBe('May 4, 2025');
    expect(longDate(AT, 'Mars/Olympus')).toBe(longDate(AT, 'UTC'));
    expect(mailWhen(new Date(AT), null, 'Mars/Olympus')).toBe(mailWhen(new Date(AT), null, 'UTC'));
  });
});
