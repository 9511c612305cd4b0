import { PAYMENT_MSG } from './messages.ts';

/**
 * The checkout and payment-page texts (docs/product.md#payments): the server's PAYMENT_MSG (kept out of MSG, which
 * every guest page ships on first load) and the page's own titles and notes.
 */
export const PAY = {
  checkoutFailed: PAYMENT_MSG.checkoutFailed,
  noCheckoutUrl: PAYMENT_MSG.noCheckoutUrl,
  noSessionId: PAYMENT_MSG.noSessionId,
  verifyFailed: PAYMENT_MSG.verifyFailed,
  unexpected: PAYMENT_MSG.unexpected,
  verifying: 'Verifying Payment',
  verifyFailedTitle: 'Payment Verification Failed',
  returnToEvent: 'Return to Event',
  pendingTitle: 'Payment Pending',
  pendingText: 'Your payment is still being processed. Please check back in a few minutes.',
  successTitle: 'Payment Successful!',
  viewEvent: 'View Event Details',
  printTicket: 'Print Ticket',
  refunded: 'The event filled up before your payment completed, so your payment was refunded. We’ve sent you an e-mail about it.',
  /** The same where this site keeps its e-mail in the dev mailbox (src/common/email-delivery.ts). */
  refundedNoEmail: 'The event filled up before your payment completed, so your payment was refunded.',
} as const;
