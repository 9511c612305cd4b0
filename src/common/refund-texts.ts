/**
 * A host's refunds (docs/product.md#refunds): the server's refusals and the guest detail dialog's words, in one place.
 * Host-only: never imported by a guest page.
 */
export const REFUND_MSG = {
  /** As the guest routes say it (guests/get-guest.ts RSVP_NOT_FOUND). */
  noOrder: 'RSVP not found',
  noSuchTicket: 'No such ticket in this order.',
  pickTickets: 'Choose at least one ticket.',
  amountWhole: 'Enter the amount in cents, a whole number.',
  amountPositive: 'The amount must be more than 0.',
  ticketsOrAmount: 'Refund either tickets or an amount, not both.',
  notPaid: 'Only a paid order can be refunded.',
  noTickets: 'This order has no tickets to choose: refund an amount or the whole order.',
  ticketRefunded: 'This ticket is already refunded or being refunded.',
  ticketUsed: 'This ticket was already used at the door: refund an amount instead.',
  refused: 'Stripe refused the refund:',
  unknown: 'The refund could not be confirmed with Stripe. Please try the same refund again in a few minutes: it will not be made twice.',
  inProgress: 'A refund of this order is under way. Please wait a moment and look again.',
  amountTooHigh: (left: string) => `At most ${left} is left to refund; to refund all of it, refund the whole order.`,
  ticketsTooHigh: (left: string) => `These tickets cost more than the ${left} left to refund: refund an amount instead.`,
  changed: (amount: string) => `The refund now comes to ${amount}. Please look at it again and confirm.`,
} as const;
