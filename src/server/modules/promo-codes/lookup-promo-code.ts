import { PROMO_CODE_INVALID, type TPromoLookupAnswer } from '../../../common/schemas/promo-codes.ts';
import type { Db } from '../../db/client.ts';
import { findLiveCode } from '../../domain/promo-code-lookup.ts';
import { publicTicketType } from '../../domain/ticket-types-sql.ts';
import { AppError } from '../../errors.ts';
import { loadRsvpForm, type RsvpEventCache } from '../rsvps/load-rsvp-event.ts';

/** The one answer for every code that does not apply (unknown, expired, used up): nothing to tell them apart by. */
export const invalidCode = () => new AppError('validation_failed', PROMO_CODE_INVALID, { code: PROMO_CODE_INVALID });

/**
 * A guest's code on the event page (docs/product.md#promo-codes): its terms, for the page to show the discount, and
 * the hidden ticket types it names (it unlocks them). Rate-limited by the route; the order checks the code again.
 */
export async function lookupPromoCode(o: { db: Db; cache: RsvpEventCache; eventId: string; code: string }): Promise<TPromoLookupAnswer> {
  const { ticketTypes } = await loadRsvpForm({ db: o.db, cache: o.cache, eventId: o.eventId });
  const live = await findLiveCode(o.db, o.eventId, o.code);
  if (!live) throw invalidCode();
  const { id: _id, ...promo } = live;
  return {
    promo,
    unlocked: ticketTypes.filter((t) => t.hidden && live.type_ids?.includes(t.id)).map(publicTicketType),
  };
}
