import { MSG } from '../../../common/messages.ts';
import type { TRsvpResult } from '../../../common/schemas/rsvps.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { createRsvp } from './create-rsvp.ts';
import { loadRsvpEvent, type RsvpEvent, type RsvpEventCache } from './load-rsvp-event.ts';
import type { TicketConfig } from '../tickets/ticket-fields.ts';
import type { RsvpAnswer } from './rsvp-answer.ts';
import { updateRsvp } from './update-rsvp.ts';

export const CHECKOUT_NOT_AVAILABLE = 'Online ticket purchase is not available for this event yet. Please contact the event organizer.';

/** Paid events sell through a checkout (a later issue): refuse a 'Yes' rather than give a free ticket. */
function assertCanAttendFree(event: RsvpEvent, answer: RsvpAnswer) {
  if (!event.is_paid_event || answer.status !== 'confirmed') return;
  if (!event.has_payment_keys) throw new AppError('payment_not_available', MSG.paymentNotAvailableText);
  throw new AppError('conflict', CHECKOUT_NOT_AVAILABLE);
}

/**
 * A guest's answer to an active event (docs/product.md#rsvp-rules). One RSVP per e-mail and event:
 * the first answer creates it (201), later ones update it (200, updated). Capacity, PIN, ticket
 * token and the confirmation e-mail are decided in the same transaction as the write.
 */
export async function submitRsvp(opts: {
  db: Db;
  /** The app's (deps.caches.rsvpEvents). */
  eventCache: RsvpEventCache;
  config: TicketConfig;
  eventId: string;
  answer: RsvpAnswer;
}): Promise<TRsvpResult> {
  const event = await loadRsvpEvent({ db: opts.db, cache: opts.eventCache, eventId: opts.eventId });
  assertCanAttendFree(event, opts.answer);
  const args = { db: opts.db, config: opts.config, event, answer: opts.answer };
  // Insert-or-update without a lost race: a concurrent first answer makes the insert a no-op and
  // the update then finds it; a concurrent delete makes the update miss and the insert retry.
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await createRsvp(args);
    if (created) return created;
    const updated = await updateRsvp(args);
    if (updated) return updated;
  }
  throw new AppError('conflict', 'Your answer changed while we were saving it. Please try again.');
}
