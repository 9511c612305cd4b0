import { describe, expect, it } from 'vitest';
import type { TCheckinVerdict } from '../../../common/schemas/checkin.responses.ts';
import { clockTime, viewVerdict } from './verdict.ts';

const event = { id: 'e1', title: 'Gala', image_url: null, is_paid_event: false };
const guest = {
  rsvp_id: 'r1',
  name: 'Ana Lima',
  phone: null,
  guest_count: 5,
  checked_in_count: 2,
  status: 'confirmed' as const,
  payment_status: null,
  code_prefix: 'abcdefghijklmnop',
  checked_in_at: '2026-05-03T19:42:10Z',
  last_checkin: { at: '2026-05-03T19:42:10Z', by: 'door@example.com', device: 'Door 1 · Chrome on Android' },
};
const verdict = (v: Partial<TCheckinVerdict>): TCheckinVerdict => ({
  ok: false,
  reason: null,
  admitted: 0,
  replay: false,
  event,
  guest,
  ...v,
});

describe('viewVerdict', () => {
  it('names the party count of an admission', () => {
    expect(viewVerdict(verdict({ ok: true, admitted: 2 }))).toMatchObject({ tone: 'ok', word: 'Checked in · 2 of 5', sound: 'ok' });
    const single = verdict({ ok: true, admitted: 1, guest: { ...guest, guest_count: 1, checked_in_count: 1 } });
    expect(viewVerdict(single).word).toBe('Checked in');
  });

  it('names the type of a scanned order ticket: "VIP · 1 of 2", and counts the ticket, not the order', () => {
    const vip = { ...guest, ticket: { label: 'VIP · 1 of 2', admits: 1, checked_in_count: 1 } };
    expect(viewVerdict(verdict({ ok: true, admitted: 1, guest: vip }))).toMatchObject({
      word: 'Checked in',
      detail: 'VIP · 1 of 2 · Ana Lima',
    });
    const again = viewVerdict(verdict({ reason: 'already_checked_in', guest: vip }));
    expect(again.detail.startsWith('VIP · 1 of 2 · Ana Lima')).toBe(true);
    const table = { ...guest, ticket: { label: 'Table · admits 3', admits: 3, checked_in_count: 3 } };
    expect(viewVerdict(verdict({ ok: true, admitted: 3, guest: table })).word).toBe('Checked in · 3 of 3');
  });

  it('names what an undo took back', () => {
    expect(viewVerdict(verdict({ ok: true, admitted: -1 })).word).toBe('Took back 1 · 2 of 5 in');
    expect(viewVerdict(verdict({ ok: true, admitted: -2, guest: { ...guest, checked_in_count: 0 } })).word).toBe('Check-in cancelled');
  });

  it('says when, by whom and on which device a guest came in before', () => {
    const v = viewVerdict(verdict({ reason: 'already_checked_in' }), 'e1', 'UTC');
    expect(v).toMatchObject({ tone: 'warn', word: 'Already checked in', sound: 'refuse' });
    expect(v.detail).toBe('Ana Lima · at 19:42 by door@example.com on Door 1 · Chrome on Android');
  });

  it('refuses invalid, other-event and unconfirmed tickets in words', () => {
    expect(viewVerdict(verdict({ reason: 'invalid', guest: null }))).toMatchObject({ tone: 'bad', word: 'Invalid ticket' });
    expect(viewVerdict(verdict({ reason: 'other_event', guest: null }), 'e2').detail).toBe('This ticket is for another event (Gala).');
    expect(viewVerdict(verdict({ reason: 'not_confirmed' })).word).toBe('Not confirmed');
  });

  it('formats the clock as HH:MM', () => {
    expect(clockTime('2026-05-03T07:05:00Z', 'UTC')).toBe('07:05');
    expect(clockTime('nope')).toBe('');
  });
});
