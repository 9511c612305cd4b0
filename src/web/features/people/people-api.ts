import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInstanceSettings, TPeople, TPersonAnswer } from '../../../common/schemas/people.responses.ts';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.ts';

/** The People page's data (docs/product.md#people): queries, mutations and their invalidation together. */
export const peopleKeys = {
  list: ['people'] as const,
  settings: ['settings'] as const,
};

export const peopleQuery = () =>
  queryOptions({ queryKey: peopleKeys.list, queryFn: ({ signal }) => api<TPeople>('/api/people', { signal }) });

export const settingsQuery = () =>
  queryOptions({
    queryKey: peopleKeys.settings,
    queryFn: ({ signal }) => api<TInstanceSettings>('/api/settings', { signal }),
    staleTime: 60_000,
  });

export const usePeople = () => useQuery(peopleQuery());
export const useSettings = () => useQuery(settingsQuery());

export function useInviteHost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<unknown>('/api/people/invitations', { method: 'POST', body: { email } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.list }),
  });
}

/** Deactivate or reactivate one account; the list is refetched (events may have moved to the owner). */
export function useSetActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api<TPersonAnswer>(`/api/people/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.list }),
  });
}

export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: TInstanceSettings) => api<TInstanceSettings>('/api/settings', { method: 'PATCH', body: patch }),
    onSuccess: (settings) => qc.setQueryData(peopleKeys.settings, settings),
  });
}

/** Whether the signed-in user is an owner account of this Turnout (role 'admin'). */
export function useIsOwner(): boolean {
  return useSession().data?.role === 'admin';
}
