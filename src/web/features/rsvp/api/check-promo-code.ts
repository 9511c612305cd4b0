import { useMutation } from '@tanstack/react-query';
import type { TPromoLookupAnswer } from '../../../../common/schemas/promo-codes.ts';
import { api } from '../../../lib/api.ts';

/** Checks a promo code on the event page (docs/product.md#promo-codes): its discount and the hidden types it unlocks. */
export function useCheckPromoCode(eventId: string) {
  return useMutation({
    mutationFn: (code: string) =>
      api<TPromoLookupAnswer>(`/api/public/events/${encodeURIComponent(eventId)}/promo-codes/check`, { method: 'POST', body: { code } }),
  });
}
