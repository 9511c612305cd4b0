import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTicketType, TTicketTypeInput, TTicketTypePatch } from '../../../../common/schemas/ticket-types.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';

/** An event's ticket types (docs/product.md#ticket-types): the host's editor. */
const typeKeys = (eventId: string) => [...eventKeys.all, 'ticket-types', eventId] as const;
const path = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/ticket-types`;

export const ticketTypesQuery = (eventId: string) =>
  queryOptions({
    queryKey: typeKeys(eventId),
    queryFn: ({ signal }) => api<{ ticket_types: TTicketType[] }>(path(eventId), { signal }).then((r) => r.ticket_types),
  });
export const useTicketTypes = (eventId: string) => useQuery(ticketTypesQuery(eventId));

/** Every change answers with the type as stored; the list (and the public page's copy) is then read again. */
function useTypeMutation<V>(eventId: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      qc.invalidateQueries({ queryKey: typeKeys(eventId) });
      qc.invalidateQueries({ queryKey: eventKeys.publicAll() });
    },
  });
}

export const useAddTicketType = (eventId: string) =>
  useTypeMutation(eventId, (input: TTicketTypeInput) => api<{ ticket_type: TTicketType }>(path(eventId), { method: 'POST', body: input }));

export const useChangeTicketType = (eventId: string) =>
  useTypeMutation(eventId, ({ id, patch }: { id: string; patch: TTicketTypePatch }) =>
    api<{ ticket_type: TTicketType }>(`${path(eventId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
  );

export const useDeleteTicketType = (eventId: string) =>
  useTypeMutation(eventId, (id: string) => api<unknown>(`${path(eventId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }));
