import type { TGuestRow } from '../../../common/schemas/guests.ts';
import { formatMinorUnits } from '../../lib/money.ts';

/** docs/product.md#payment-status as hosts read it: paid is the only complete state. */
const PAYMENT_LABEL: Record<string, string> = { paid: 'Paid', pending: 'Pending', expired: 'Expired', refunded: 'Refunded' };

type Payment = Pick<TGuestRow, 'payment_status' | 'payment_amount' | 'payment_currency' | 'payment_id'> &
  Partial<Pick<TGuestRow, 'refunded_amount'>>;

/** 'Paid', 'Partly refunded', 'Pending' …; null for a free answer (no payment status). */
export function paymentLabel(g: Payment): string | null {
  if (!g.payment_status) return null;
  if (g.payment_status === 'paid' && g.refunded_amount) return 'Partly refunded';
  return PAYMENT_LABEL[g.payment_status] ?? 'Unpaid';
}

/** The amount charged (or to charge), '$50.00'; null when the server has none. */
export function paymentAmount(g: Payment): string | null {
  return g.payment_amount === null ? null : formatMinorUnits(g.payment_amount, g.payment_currency ?? 'usd');
}

/** What was refunded of a paid answer, '$50.00'; null when nothing was (docs/product.md#refunds). */
export function refundedAmount(g: Payment): string | null {
  return g.refunded_amount && g.payment_status !== 'refunded' ? formatMinorUnits(g.refunded_amount, g.payment_currency ?? 'usd') : null;
}

/** A paid answer: deleting or cancelling it refunds the guest through Stripe (docs/product.md#payments). */
export const isPaid = (g: Payment) => g.payment_status === 'paid';

export const PAYMENT_TONE: Record<string, string> = {
  paid: 'text-green-800',
  pending: 'text-amber-800',
  refunded: 'text-ink/70',
  expired: 'text-ink/70',
};
