import { describe, expect, it } from 'vitest';
import { hasEnded } from '../../../common/event-time.ts';
import { rememberedText } from './remembered-rsvp.tsx';

describe('the remembered answer card (docs/product.md#public-event-page)', () => {
  it('says "You\'re going" with the party size from two guests on', () => {
    expect(rememberedText({ status: 'confirmed', guest_count: 2 }, false).title).toBe("You're going · 2 guests");
    expect(rememberedText({ status: 'confirmed', guest_count: 1 }, false).title).toBe("You're going");
    expect(rememberedText({ status: 'confirmed', guest_count: 3 }, true).title).toBe('You were going · 3 guests');
  });

  it('has its own words for maybe and declined, and never "see you" for a decline', () => {
    expect(rememberedText({ status: 'maybe', guest_count: 1 }, false).title).toBe('You might go');
    const declined = rememberedText({ status: 'declined', guest_count: 1 }, false);
    expect(declined.title).toBe("You can't make it");
    expect(`${declined.title} ${declined.text}`).not.toMatch(/see you|look forward/i);
    expect(rememberedText({ status: 'declined', guest_count: 1 }, true).title).toBe("You couldn't make it");
  });
});

describe('when the event page says "This event has ended"', () => {
  const now = Date.parse('2030-07-19T12:00:00Z');
  it('after the end, or 4 hours after the start without one', () => {
    expect(hasEnded({ event_date: '2030-07-19T07:00:00Z', end_date: '2030-07-19T11:59:00Z' }, now)).toBe(true);
    expect(hasEnded({ event_date: '2030-07-19T07:00:00Z', end_date: '2030-07-19T12:01:00Z' }, now)).toBe(false);
    expect(hasEnded({ event_date: '2030-07-19T07:59:00Z', end_date: null }, now)).toBe(true);
    expect(hasEnded({ event_date: '2030-07-19T08:01:00Z', end_date: null }, now)).toBe(false);
  });
});
