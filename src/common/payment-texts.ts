/**
 * Paid events' checkout and payment texts (docs/product.md#payments), the server's and the guest pages'.
 * Kept out of messages.ts: every guest page ships that module on first load (docs/product.md#performance-targets).
 */
export const PAYMENT_MSG = {
  checkoutFailed: 'Failed to create checkout session',
  /** A ticket type with a price on an event that takes no payments (docs/product.md#ticket-types). */
  typePriceNeedsPayments: 'Make this a paid event with its payment keys first, or set the price to 0.',
  noCheckoutUrl: 'No checkout URL received',
  noSessionId: 'No session ID provided',
  verifyFailed: 'Failed to verify payment',
  unexpected: 'An unexpected error occurred',
  sessionNotFound: 'This payment session could not be found.',
  refundFailed: 'The refund could not be made. Please try again.',
  guestRefundsOff: 'This answer is paid: please contact the event organizer to cancel it.',
  paidPartyFixed: 'The number of guests of a paid answer cannot be changed here. Please contact the event organizer.',
  nothingToPay: 'This answer has nothing to pay.',
  alreadyPaid: 'This answer is already paid: your ticket is on its way to your e-mail.',
  seatsGone: 'The seats held for you were released when your checkout ended, and they have been taken since.',
  checkoutOpening: 'Your checkout is being opened. Please try again in a moment.',
  holdsPerClient:
    'Too many seats of this event are already held at unpaid checkouts from your network. Please finish or cancel those checkouts, or try again when their hold ends.',
  holdsPerEmail:
    'Seats of this event are already held at an unpaid checkout for this e-mail address. Please finish or cancel that checkout, or try again when its hold ends.',
  reopensUsed:
    'Your seats were held at the checkout too many times without payment, so they cannot be held again. Please contact the event organizer.',
} as const;

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
