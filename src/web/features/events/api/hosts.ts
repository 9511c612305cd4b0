import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '../../../../common/event-roles.ts';
import type { THost } from '../../../../common/schemas/events.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';

const path = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/hosts`;

const byCreatedAt = (a: THost, b: THost) => Date.parse(a.created_at) - Date.parse(b.created_at);

/** The event's team (co-hosts and door staff), oldest first (docs/product.md#co-hosts). */
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
    mutationFn: ({ email, role }: { email: string; role: TeamRole }) =>
      api<unknown>(path(eventId), { method: 'POST', body: { email, role } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.hosts(eventId) }),
  });
}

/** Co-host ↔ door staff (docs/product.md#co-hosts); owner only. */
export function useSetHostRole(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: TeamRole }) =>
      api<{ host: THost }>(`${path(eventId)}/${encodeURIComponent(email)}`, { method: 'PATCH', body: { role } }),
    onSuccess: ({ host }) => {
      qc.setQueryData<THost[]>(eventKeys.hosts(eventId), (old) => old?.map((h) => (h.email === host.email ? host : h)));
      return qc.invalidateQueries({ queryKey: eventKeys.hosts(eventId) });
    },
  });
}

export function useRemoveHost(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<unknown>(`${path(eventId)}/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    onSuccess: (_d, email) => {
      qc.setQueryData<THost[]>(eventKeys.hosts(eventId), (old) => old?.filter((h) => h.email !== email));
      return qc.invalidateQueries({ queryKey: eventKeys.hosts(eventId) });
    },
  });
}
