import { hasEnded } from '../../../common/event-time.ts';
import { MSG } from '../../../common/messages.ts';
import { AppError } from '../../errors.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';

export const CHECKOUT_NOT_AVAILABLE = 'On a paid event a “yes” is made by paying for it: use Pay now.';

/** A paid event's 'Yes' needs both payment keys (docs/product.md#payments). */
export function assertCanPay(event: RsvpEvent) {
  if (!event.has_payment_keys) throw new AppError('payment_not_available', MSG.paymentNotAvailableText);
}

/**
 * A 'Yes' that is not the RSVP form's first answer (the manage page, staff): on a paid event it would be
 * a ticket without payment, so it is refused; the form's first 'Yes' and the manage page's Pay now go through the checkout instead.
 */
export function assertCanAttendFree(event: RsvpEvent, answer: { status: string }) {
  if (!event.is_paid_event || answer.status !== 'confirmed') return;
  assertCanPay(event);
  throw new AppError('conflict', CHECKOUT_NOT_AVAILABLE);
}

/** An ended event (its end, else start + 4 h) takes no answers and no changes (docs/product.md#event-status). */
export function assertNotEnded(event: RsvpEvent) {
  if (hasEnded(event)) throw new AppError('event_ended', MSG.eventEndedText);
}
