import { describe, expect, it } from 'vitest';
import { hasEnded } from '../../../common/event-time.ts';
import { guestPayment, payable } from './payment-state.ts';
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

describe("a paid event's answer (docs/product.md#payments)", () => {
  const at = (status: 'confirmed' | 'maybe' | 'declined', payment_status: string | null) => ({ status, payment_status });
  it('is pending at the checkout, unpaid once the checkout ended, and nothing special on a free event', () => {
    expect(guestPayment(true, at('confirmed', 'pending'))).toBe('pending');
    expect(guestPayment(true, at('declined', 'expired'))).toBe('unpaid');
    expect(guestPayment(true, at('maybe', 'pending'))).toBe('unpaid');
    expect(guestPayment(true, at('confirmed', 'paid'))).toBe('paid');
    expect(guestPayment(true, at('declined', 'refunded'))).toBe('refunded');
    expect(guestPayment(true, at('maybe', null))).toBe('none');
    // A free event's imported answers may carry any payment value: never a Pay now there.
    expect(guestPayment(false, at('confirmed', 'pending'))).toBe('none');
    expect(payable('pending') && payable('unpaid') && !payable('paid') && !payable('refunded') && !payable('none')).toBe(true);
  });

  it('says "Payment pending" rather than a ready ticket, and "Not paid" rather than "You can\'t make it"', () => {
    const pending = rememberedText({ status: 'confirmed', guest_count: 2 }, false, 'pending');
    expect(pending.title).toBe('Payment pending · 2 guests');
    expect(pending.text).not.toMatch(/ticket is ready/i);
    expect(rememberedText({ status: 'declined', guest_count: 2 }, false, 'unpaid').title).toBe('Not paid');
    // A paid yes speaks tickets (answer-words.ts).
    expect(rememberedText({ status: 'confirmed', guest_count: 1 }, false, 'paid').title).toBe('Your ticket');
    expect(rememberedText({ status: 'confirmed', guest_count: 2 }, false, 'paid').title).toBe('Your tickets');
    expect(rememberedText({ status: 'confirmed', guest_count: 1 }, true, 'pending').title).toBe('Payment not completed');
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
