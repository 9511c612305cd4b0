import { describe, expect, it } from 'vitest';
import { formatPin, formatPrice, formatShortDate, guestLabel, partySizeLabel, paymentBadge, statusBadge } from './format.ts';

describe('ticket and dialog formatting', () => {
  it('labels guests "1 guest", "2 guests"', () => {
    expect(guestLabel(1)).toBe('1 guest');
    expect(guestLabel(2)).toBe('2 guests');
    expect(guestLabel(10)).toBe('10 guests');
  });

  it('labels the party size "Just me", "Me + 1" … "Me + 9"', () => {
    expect(partySizeLabel(1)).toBe('Just me');
    expect(partySizeLabel(2)).toBe('Me + 1');
    expect(partySizeLabel(10)).toBe('Me + 9');
  });

  it('shows the confirmation date in the event zone, not the browser one', () => {
    // 03:30 UTC on May 4 is still May 3 in Chicago and already May 4 in Tokyo.
    expect(formatShortDate('2025-05-04T03:30:00Z', 'America/Chicago')).toBe('May 3, 2025');
    expect(formatShortDate('2025-05-04T03:30:00Z', 'Asia/Tokyo')).toBe('May 4, 2025');
    expect(formatShortDate('2025-05-04T03:30:00Z', 'Not/AZone')).toBe('May 4, 2025');
    expect(formatShortDate('garbage', 'UTC')).toBe('');
  });

  it('formats prices in the event currency', () => {
    expect(formatPrice(25, 'usd')).toBe('$25.00');
    expect(formatPrice(12.5, 'eur')).toBe('€12.50');
    expect(formatPrice(8, 'gbp')).toBe('£8.00');
    expect(formatPrice(10, 'cad')).toBe('CA$10.00');
    expect(formatPrice(3, 'not-a-code')).toBe('3.00 NOT-A-CODE');
  });

  it('maps statuses to the badges hosts and the ticket show', () => {
    expect(statusBadge('confirmed')).toEqual({ label: 'Going', tone: 'success' });
    expect(statusBadge('maybe')).toEqual({ label: 'Maybe', tone: 'warning' });
    expect(statusBadge('declined')).toEqual({ label: "Can't go", tone: 'danger' });
    expect(paymentBadge('paid').label).toBe('Paid');
    expect(paymentBadge('pending').label).toBe('Pending');
    expect(paymentBadge(null).label).toBe('Pending');
  });

  it('groups a six-digit PIN for reading aloud', () => {
    expect(formatPin('042917')).toBe('042 917');
    expect(formatPin('12345')).toBe('12345');
  });
});
