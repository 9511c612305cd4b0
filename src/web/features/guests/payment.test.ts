import { describe, expect, it } from 'vitest';
import { isPaid, paymentAmount, paymentLabel } from './payment.ts';

const row = (payment_status: string | null, payment_amount: number | null = null, payment_currency: string | null = null) => ({
  payment_status,
  payment_amount,
  payment_currency,
  payment_id: null,
});

describe('guest list payment', () => {
  it('labels each payment status; a free answer has none', () => {
    expect(paymentLabel(row('paid'))).toBe('Paid');
    expect(paymentLabel(row('pending'))).toBe('Pending');
    expect(paymentLabel(row('expired'))).toBe('Expired');
    expect(paymentLabel(row('refunded'))).toBe('Refunded');
    expect(paymentLabel(row('something-else'))).toBe('Unpaid');
    expect(paymentLabel(row(null))).toBeNull();
  });
  it('shows the amount from minor units in its currency', () => {
    expect(paymentAmount(row('paid', 8500, 'eur'))).toBe('€85.00');
    expect(paymentAmount(row('pending', 4250, 'gbp'))).toBe('£42.50');
    expect(paymentAmount(row('paid'))).toBeNull();
  });
  it('treats only paid as paid (a refund on delete)', () => {
    expect(isPaid(row('paid'))).toBe(true);
    expect(isPaid(row('pending'))).toBe(false);
    expect(isPaid(row('refunded'))).toBe(false);
  });
});
