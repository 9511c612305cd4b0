import { WAITLIST_MSG } from '../../../common/waitlist-texts.ts';
import { AppError } from '../../errors.ts';

/**
 * A waitlist offer that may still be claimed (docs/product.md#waitlist): 'offered' and its time not run out (the
 * sweep may not have passed it on yet). The free claim (waitlist/claim-offer.ts) and the paid one (payments'
 * Pay now, which holds the offered seats for the checkout) check it under the RSVP's row lock.
 */
export function assertClaimable(r: { status: string; offer_until: Date | null }, now = Date.now()): void {
  if (r.status !== 'offered') throw new AppError('offer_unavailable', WAITLIST_MSG.notOffered);
  if (!r.offer_until || r.offer_until.getTime() <= now) throw new AppError('offer_unavailable', WAITLIST_MSG.offerLapsed);
}

/** A place on the waitlist: the answer's state is the line's, not the guest's to set (a claim or a cancel moves it). */
export const isWaitlistEntry = (status: string) => status === 'waitlisted' || status === 'offered';
