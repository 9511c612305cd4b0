import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPromoCode, TPromoCodeInput, TPromoCodePatch } from '../../../../common/schemas/promo-codes.ts';
import type { Charges } from '../../../../common/pricing.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';

/** An event's promo codes and its tax and fee (docs/product.md#promo-codes, #taxes-and-fees): the host's editors. */
const codeKeys = (eventId: string) => [...eventKeys.all, 'promo-codes', eventId] as const;
const chargeKeys = (eventId: string) => [...eventKeys.all, 'charges', eventId] as const;
const path = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/promo-codes`;
const chargesPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/charges`;

export const promoCodesQuery = (eventId: string) =>
  queryOptions({
    queryKey: codeKeys(eventId),
    queryFn: ({ signal }) => api<{ promo_codes: TPromoCode[] }>(path(eventId), { signal }).then((r) => r.promo_codes),
  });
export const usePromoCodes = (eventId: string) => useQuery(promoCodesQuery(eventId));

function useCodeMutation<V>(eventId: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: codeKeys(eventId) }) });
}

export const useAddPromoCode = (eventId: string) =>
  useCodeMutation(eventId, (input: TPromoCodeInput) => api<{ promo_code: TPromoCode }>(path(eventId), { method: 'POST', body: input }));

export const useChangePromoCode = (eventId: string) =>
  useCodeMutation(eventId, ({ id, patch }: { id: string; patch: TPromoCodePatch }) =>
    api<{ promo_code: TPromoCode }>(`${path(eventId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
  );

export const useDeletePromoCode = (eventId: string) =>
  useCodeMutation(eventId, (id: string) => api<unknown>(`${path(eventId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export const chargesQuery = (eventId: string) =>
  queryOptions({
    queryKey: chargeKeys(eventId),
    queryFn: ({ signal }) => api<{ charges: Charges }>(chargesPath(eventId), { signal }).then((r) => r.charges),
  });
export const useCharges = (eventId: string) => useQuery(chargesQuery(eventId));

/** Saved at once; the public page's copy is read again (it shows the tax and fee). */
export function useSetCharges(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: Charges) => api<{ charges: Charges }>(chargesPath(eventId), { method: 'PUT', body: c }),
    onSettled: () => {
      qc.invalidateQueries({ queryKey: chargeKeys(eventId) });
      qc.invalidateQueries({ queryKey: eventKeys.publicAll() });
    },
  });
}
