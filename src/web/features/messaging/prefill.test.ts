import { describe, expect, it } from 'vitest';
import { countSms } from '../../../common/sms.ts';
import { deliveryCountsText, finishedCount } from './delivery-text.ts';
import { eventSmsText, sendSummary } from './prefill.ts';

const event = {
  id: '7d7e2a7e-8a43-4c4e-9a38-6f0f5f1f9b11',
  slug: 'harbour-supper',
  title: 'Harbour Supper',
  // 18:00 in Chicago (CDT), already the 19th in UTC.
  event_date: '2030-07-18T23:00:00.000Z',
  timezone: 'America/Chicago',
  location: 'Pier 7',
  is_active: true,
};

describe('eventSmsText: the message box starts from the selected event', () => {
  it("names the event, its local date and time in the event's zone, its place and its page's link", () => {
    expect(eventSmsText(event, 'https://turnout.example')).toBe(
      "You're invited to Harbour Supper: Thursday, July 18, 2030 at 6:00 PM CDT, Pier 7. RSVP: https://turnout.example/event/harbour-supper",
    );
  });

  it('stays GSM-7 (one 160-character segment) although Intl puts a narrow no-break space before PM', () => {
    expect(countSms(eventSmsText(event, 'https://turnout.example'))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('another event, another text: zone, no place, and no link while the page is not public', () => {
    const text = eventSmsText(
      { ...event, title: 'Tea', slug: 'tea', timezone: 'Europe/London', location: '  ', is_active: false },
      'https://turnout.example',
    );
    expect(text).toBe("You're invited to Tea: Friday, July 19, 2030 at 12:00 AM GMT+1.");
    expect(text).not.toContain('Summer Garden Party');
  });
});

describe('sendSummary: the confirmation counts people and billed segments', () => {
  it('one segment each', () => expect(sendSummary(10, 'Doors at 7.')).toBe('Text 10 people · 10 segments'));
  it('singular', () => expect(sendSummary(1, 'Hi')).toBe('Text 1 person · 1 segment'));
  it('a two-segment text to three people is six segments', () =>
    expect(sendSummary(3, 'x'.repeat(161))).toBe('Text 3 people · 6 segments'));
});

describe('deliveryCountsText: only what happened', () => {
  const zero = { sent: 0, kept: 0, failed: 0, unknown: 0, queued: 0, skipped: 0 };
  it('sent and failed', () => expect(deliveryCountsText({ ...zero, sent: 8, failed: 2 })).toBe('8 sent · 2 failed'));
  it('the dev mailbox is not "sent"', () =>
    expect(deliveryCountsText({ ...zero, kept: 10 })).toBe('10 kept in the dev mailbox (not sent)'));
  it('waiting and skipped', () => expect(deliveryCountsText({ ...zero, queued: 2, skipped: 1 })).toBe('1 skipped · 2 waiting'));
  it('nothing yet', () => expect(deliveryCountsText(zero)).toBe('nothing sent'));
  it('the bar counts every outcome but waiting', () =>
    expect(finishedCount({ sent: 1, kept: 2, failed: 3, unknown: 4, queued: 5, skipped: 6 })).toBe(16));
});
