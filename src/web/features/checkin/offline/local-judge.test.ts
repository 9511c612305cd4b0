import { describe, expect, it } from 'vitest';
import type { TOfflineGuest } from '../../../../common/schemas/checkin-offline.ts';
import { apply, buildList, decide, localCounts, searchLocal } from './local-judge.ts';

const event = { id: 'e', title: 'Cellar Show', image_url: null, is_paid_event: false };
const guest = (over: Partial<TOfflineGuest>): TOfflineGuest => ({
  rsvp_id: 'r1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 415 555 0142',
  guest_count: 1,
  checked_in_count: 0,
  status: 'confirmed',
  payment_status: null,
  admissible: true,
  code_prefix: 'abc',
  checked_in_at: null,
  last_checkin: null,
  qr: 'qr1',
  pin: 'pin1',
  tickets: [],
  ...over,
});

describe('the offline decision (same rules as turnout_checkin_scan)', () => {
  it('admits what is left of a party once, then refuses, and an undo gives it back', () => {
    const list = buildList([guest({ guest_count: 3 })]);
    const first = decide(list, event, { rsvpId: 'r1' }, 'entry', 2);
    expect(first).toMatchObject({ delta: 2, verdict: { ok: true, admitted: 2 } });
    apply(list, { rsvpId: 'r1', delta: 2, at: '2026-12-07T21:03:00Z', device: 'Door 1', by: 'ana' });
    expect(decide(list, event, { rsvpId: 'r1' }, 'entry', 2).verdict.reason).toBe('too_many');
    expect(decide(list, event, { rsvpId: 'r1' }, 'entry').delta).toBe(1);
    apply(list, { rsvpId: 'r1', delta: 1, at: '2026-12-07T21:04:00Z', device: 'Door 1', by: 'ana' });
    const again = decide(list, event, { rsvpId: 'r1' }, 'entry');
    expect(again.verdict).toMatchObject({ ok: false, reason: 'already_checked_in', guest: { last_checkin: { device: 'Door 1' } } });
    expect(decide(list, event, { rsvpId: 'r1' }, 'undo', 1).delta).toBe(-1);
  });

  it('refuses an unknown code, a guest not confirmed, and an undo of nobody', () => {
    const list = buildList([guest({}), guest({ rsvp_id: 'r2', admissible: false, status: 'declined', qr: 'qr2', pin: 'pin2' })]);
    expect(decide(list, event, list.byHash.get('nope') ?? null, 'entry').verdict.reason).toBe('invalid');
    expect(decide(list, event, list.byHash.get('qr2')!, 'entry').verdict.reason).toBe('not_confirmed');
    expect(decide(list, event, { rsvpId: 'r1' }, 'undo').verdict.reason).toBe('not_checked_in');
  });

  it("bounds an order ticket's admission by the ticket, and prefers an RSVP's PIN to a ticket's", () => {
    const order = guest({
      guest_count: 3,
      pin: 'same',
      tickets: [
        { id: 't1', label: 'VIP · 1 of 2', admits: 1, checked_in_count: 0, qr: 'tq1', pin: 'same', refund: null },
        { id: 't2', label: 'VIP · 2 of 2', admits: 2, checked_in_count: 0, qr: 'tq2', pin: 'tp2', refund: null },
      ],
    });
    const list = buildList([order]);
    expect(list.byHash.get('same')).toEqual({ rsvpId: 'r1' });
    const d = decide(list, event, list.byHash.get('tq1')!, 'entry');
    expect(d).toMatchObject({ delta: 1, ticketId: 't1' });
    apply(list, { rsvpId: 'r1', ticketId: 't1', delta: 1, at: '2026-12-07T21:03:00Z', device: null, by: null });
    expect(decide(list, event, list.byHash.get('tq1')!, 'entry').verdict.reason).toBe('already_checked_in');
    expect(localCounts(list).guests).toEqual({ total: 3, checked_in: 1 });
  });

  it("says Refunded for a refunded ticket or order, and keeps a refund under way out of the order's admissions", () => {
    const order = guest({
      guest_count: 3,
      payment_status: 'paid',
      tickets: [
        { id: 't1', label: 'VIP · 1 of 2', admits: 1, checked_in_count: 0, qr: 'tq1', pin: 'tp1', refund: 'under_way' },
        { id: 't2', label: 'VIP · 2 of 2', admits: 2, checked_in_count: 0, qr: 'tq2', pin: 'tp2', refund: null },
      ],
    });
    const list = buildList([order, guest({ rsvp_id: 'r2', payment_status: 'refunded', admissible: false, qr: 'q2', pin: 'p2' })]);
    expect(decide(list, event, list.byHash.get('tq1')!, 'entry').verdict).toMatchObject({ ok: false, reason: 'refunded' });
    expect(decide(list, event, { rsvpId: 'r2' }, 'entry').verdict.reason).toBe('refunded');
    // By the order: 3 in the party, 1 of them on a ticket whose refund is under way: 2 may come in.
    expect(decide(list, event, { rsvpId: 'r1' }, 'entry', 3).verdict.reason).toBe('too_many');
    expect(decide(list, event, { rsvpId: 'r1' }, 'entry').delta).toBe(2);
  });

  it('searches by name, e-mail, phone digits and PIN hit, admissible guests only', () => {
    const list = buildList([guest({}), guest({ rsvp_id: 'r2', name: 'Zoë Declined', admissible: false, qr: 'q', pin: 'p' })]);
    expect(searchLocal(list, 'ada').map((g) => g.rsvp_id)).toEqual(['r1']);
    expect(searchLocal(list, 'ADA@EXAMPLE').map((g) => g.rsvp_id)).toEqual(['r1']);
    expect(searchLocal(list, '555 0142').map((g) => g.rsvp_id)).toEqual(['r1']);
    expect(searchLocal(list, '123456', 'r1').map((g) => g.rsvp_id)).toEqual(['r1']);
    expect(searchLocal(list, 'zoe')).toEqual([]);
  });
});
