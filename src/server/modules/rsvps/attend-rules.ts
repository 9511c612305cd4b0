import { hasEnded } from '../../../common/event-time.ts';
import { MSG } from '../../../common/messages.ts';
import { AppError } from '../../errors.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';

export const CHECKOUT_NOT_AVAILABLE = 'Online ticket purchase is not available for this event yet. Please contact the event organizer.';

/** Paid events sell through a checkout (a later issue): refuse a 'Yes' rather than give a free ticket. */
export function assertCanAttendFree(event: RsvpEvent, answer: { status: string }) {
  if (!event.is_paid_event || answer.status !== 'confirmed') return;
  if (!event.has_payment_keys) throw new AppError('payment_not_available', MSG.paymentNotAvailableText);
  throw new AppError('conflict', CHECKOUT_NOT_AVAILABLE);
}

/** An ended event (its end, else start + 4 h) takes no answers and no changes (docs/product.md#event-status). */
export function assertNotEnded(event: RsvpEvent) {
  if (hasEnded(event)) throw new AppError('event_ended', MSG.eventEndedText);
}
