import { describe, expect, it } from 'vitest';
import { parseAmount, refundQuote } from './refund-quote.ts';

const ticket = (id: string, amount: number, more: { refunding?: boolean; checked_in_count?: number } = {}) => ({
  id,
  label: `VIP · ${id}`,
  admits: 1,
  amount,
  checked_in_count: more.checked_in_count ?? 0,
  refunded_amount: more.refunding ? amount : null,
  refunding: more.refunding ?? false,
});
const order = { payment_amount: 12000, refunded_amount: 0, tickets: [ticket('a', 5000), ticket('b', 5000), ticket('c', 2000)] };

describe('refundQuote: the amount shown before the host confirms', () => {
  it('tickets: their prices; every ticket left: all that is left', () => {
    expect(refundQuote(order, { kind: 'tickets', ticketIds: ['a', 'c'] })).toMatchObject({ ok: true, amount: 7000, whole: false });
    const after = { ...order, refunded_amount: 1050 };
    expect(refundQuote(after, { kind: 'tickets', ticketIds: ['a', 'b', 'c'] })).toMatchObject({ ok: true, amount: 10950, whole: true });
    expect(refundQuote(order, { kind: 'tickets', ticketIds: [] })).toMatchObject({ ok: false });
  });
  it('an amount: below what is left, in cents', () => {
    expect(refundQuote(order, { kind: 'amount', text: '10.5' })).toMatchObject({
      ok: true,
      amount: 1050,
      body: { amount: 1050, expected_amount: 1050 },
    });
    expect(refundQuote(order, { kind: 'amount', text: '120' })).toMatchObject({ ok: false });
    expect(refundQuote(order, { kind: 'amount', text: '1.234' })).toMatchObject({ ok: false });
  });
  it('the whole order: what is left, naming the tickets not refunded', () => {
    const part = {
      ...order,
      refunded_amount: 5000,
      tickets: [ticket('a', 5000, { refunding: true }), ticket('b', 5000), ticket('c', 2000)],
    };
    expect(refundQuote(part, { kind: 'whole' })).toMatchObject({ ok: true, amount: 7000, labels: ['VIP · b', 'VIP · c'], whole: true });
  });
  it('parses amounts people type', () => {
    expect(parseAmount('24')).toBe(2400);
    expect(parseAmount('24,5')).toBe(2450);
    expect(parseAmount(' 0.07 ')).toBe(7);
    expect(parseAmount('-3')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});
