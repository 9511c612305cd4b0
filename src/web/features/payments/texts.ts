/**
 * The checkout and payment-page texts (docs/product.md#payments). Kept out of MSG: every guest page ships MSG
 * on first load, and only the payment page and the RSVP dialog's paid path need these.
 */
export const PAY = {
  checkoutFailed: 'Failed to create checkout session',
  noCheckoutUrl: 'No checkout URL received',
  verifying: 'Verifying Payment',
  verifyFailedTitle: 'Payment Verification Failed',
  returnToEvent: 'Return to Event',
  pendingTitle: 'Payment Pending',
  pendingText: 'Your payment is still being processed. Please check back in a few minutes.',
  successTitle: 'Payment Successful!',
  viewEvent: 'View Event Details',
  printTicket: 'Print Ticket',
  noSessionId: 'No session ID provided',
  verifyFailed: 'Failed to verify payment',
  unexpected: 'An unexpected error occurred',
} as const;
