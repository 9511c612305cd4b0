import { formatPrice } from './price.ts';

/**
 * A paid answer's words on the manage page and the event page's remembered card (docs/product.md#manage-page),
 * kept apart from the payment page's texts (src/common/payment-texts.ts), which the manage page's first load has no room for.
 */
export const PAY_CARD = {
  payNow: 'Pay now',
  openingCheckout: 'Opening checkout...',
  pendingTitle: 'Payment pending',
  pendingText: 'Your seats are held while your checkout is open. Pay now to get your ticket.',
  unpaidTitle: 'Not paid',
  unpaidText: 'Your checkout was not completed, so no seats are held for you. Pay now to get your ticket while seats are left.',
  unpaidEndedTitle: 'Payment not completed',
  paid: 'Paid',
  refunded: 'Refunded',
} as const;

/**
 * Where a paid event's answer stands, as its guest reads it (docs/product.md#payments): 'none' on a free
 * event or for an answer that never went to the checkout (a maybe, a staff-added guest), 'pending' (at
 * the checkout, seats held), 'unpaid' (the checkout ended unpaid: no seats held), 'paid', 'refunded'.
 */
export type GuestPayment = 'none' | 'pending' | 'unpaid' | 'paid' | 'refunded';

export function guestPayment(paidEvent: boolean, rsvp: { status: string; payment_status: string | null }): GuestPayment {
  if (!paidEvent) return 'none';
  switch (rsvp.payment_status) {
    case 'paid':
      return 'paid';
    case 'refunded':
      return 'refunded';
    case 'pending':
      return rsvp.status === 'confirmed' ? 'pending' : 'unpaid';
    case 'expired':
      return 'unpaid';
    default:
      return 'none';
  }
}

/** Pay now is offered for these (the server's resume-checkout answers the same ones). */
export const payable = (p: GuestPayment) => p === 'pending' || p === 'unpaid';

/** "€85.00" of an amount in minor units; null without one. */
export const paidAmount = (amount: number | null, currency: string | null) =>
  amount === null || !currency ? null : formatPrice(amount / 100, currency);
