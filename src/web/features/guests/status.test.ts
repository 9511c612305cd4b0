import { describe, expect, it } from 'vitest';
import type { TGuestRow } from '../../../common/schemas/guests.ts';
import { checkedInCell, rowActions, rsvpLabel, showTypeColumn } from './status.ts';

type Row = Pick<TGuestRow, 'status' | 'has_ticket' | 'phone' | 'payment_status'>;
const row = (r: Partial<Row> = {}): Row => ({ status: 'confirmed', has_ticket: true, phone: '+14155550123', payment_status: null, ...r });

describe('guest list cells (docs/product.md#rsvp-status)', () => {
  it("says the event card's words: Going, Maybe, Can't go", () => {
    expect(['confirmed', 'maybe', 'declined'].map((s) => rsvpLabel(s as Row['status']))).toEqual(['Going', 'Maybe', "Can't go"]);
  });

  it('checked in: Yes / No for guests coming, - for the others', () => {
    expect(checkedInCell('confirmed', '2030-01-01T10:00:00Z')).toBe('Yes');
    expect(checkedInCell('confirmed', null)).toBe('No');
    expect(checkedInCell('maybe', null)).toBe('-');
    expect(checkedInCell('declined', null)).toBe('-');
  });
});

describe('guest list columns and row actions (docs/product.md#guest-list)', () => {
  it('shows Type only when the rows differ in it', () => {
    expect(showTypeColumn([])).toBe(false);
    expect(showTypeColumn([{ type: 'rsvp' }, { type: 'rsvp' }])).toBe(false);
    expect(showTypeColumn([{ type: 'ticket' }])).toBe(false);
    expect(showTypeColumn([{ type: 'rsvp' }, { type: 'ticket' }])).toBe(true);
  });

  it('offers QR to a ticket (or an attending guest who may get one) and SMS to a ticket with a phone', () => {
    expect(rowActions(row())).toEqual({ qr: true, sms: true });
    expect(rowActions(row({ phone: null }))).toEqual({ qr: true, sms: false });
    // Attending without a ticket yet (an imported answer): Generate is in the QR dialog; nothing to text.
    expect(rowActions(row({ has_ticket: false }))).toEqual({ qr: true, sms: false });
    // Still at a paid event's checkout: no ticket to show or make.
    expect(rowActions(row({ has_ticket: false, payment_status: 'pending' }))).toEqual({ qr: false, sms: false });
    expect(rowActions(row({ status: 'declined', has_ticket: false }))).toEqual({ qr: false, sms: false });
    expect(rowActions(row({ status: 'maybe', has_ticket: false }))).toEqual({ qr: false, sms: false });
  });
});
