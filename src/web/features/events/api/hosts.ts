import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { THost } from '../../../../common/schemas/events.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from './keys.ts';

const path = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/hosts`;

/** docs/product.md#co-hosts: host e-mails are trimmed and lower-cased before storing or removing. */
export function normaliseHostEmail(email: string): string {
  return email.trim().toLowerCase();
}

const byCreatedAt = (a: THost, b: THost) => Date.parse(a.created_at) - Date.parse(b.created_at);

/** Co-hosts of an event, oldest first (docs/product.md#co-hosts). */
export const hostsQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.hosts(eventId),
    queryFn: ({ signal }) => api<{ hosts: THost[] }>(path(eventId), { signal }).then((r) => [...r.hosts].sort(byCreatedAt)),
  });

export function useHosts(eventId: string) {
  return useQuery(hostsQuery(eventId));
}

export function useAddHost(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<unknown>(path(eventId), { method: 'POST', body: { email: normaliseHostEmail(email) } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.hosts(eventId) }),
  });
}

export function useRemoveHost(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<unknown>(`${path(eventId)}/${encodeURIComponent(normaliseHostEmail(email))}`, { method: 'DELETE' }),
    onSuccess: (_d, email) => {
      qc.setQueryData<THost[]>(eventKeys.hosts(eventId), (old) => old?.filter((h) => h.email !== normaliseHostEmail(email)));
      return qc.invalidateQueries({ queryKey: eventKeys.hosts(eventId) });
    },
  });
}
