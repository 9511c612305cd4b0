import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TManagedRsvp, TManagedRsvpAnswer, TManagedRsvpRead, TRsvpChange } from '../../../../common/schemas/rsvps.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../events/api/keys.ts';
import { invalidatePublicEvent } from '../../events/api/get-public-event.ts';
import { ticketKeys } from './get-ticket.ts';

// Public code: type-only imports from the schemas, so zod stays out of the manage page's first load.

/** A guest's own answer, read and changed through its manage secret (docs/product.md#manage-page). */
export const manageKeys = {
  all: ['managed-rsvps'] as const,
  detail: (manageSecret: string) => ['managed-rsvps', manageSecret] as const,
};

const pathOf = (manageSecret: string) => `/api/public/rsvps/${encodeURIComponent(manageSecret)}`;

export function getManagedRsvp(manageSecret: string, signal?: AbortSignal): Promise<TManagedRsvp> {
  return api<TManagedRsvpRead>(pathOf(manageSecret), { signal }).then((r) => r.rsvp);
}

export const managedRsvpQuery = (manageSecret: string) =>
  queryOptions({
    queryKey: manageKeys.detail(manageSecret),
    queryFn: ({ signal }) => getManagedRsvp(manageSecret, signal),
    enabled: manageSecret !== '',
  });

export function useManagedRsvp(manageSecret: string) {
  return useQuery(managedRsvpQuery(manageSecret));
}

/** The secret at the end of a manage_url ('/rsvp/{secret}'). */
export const secretOfManageUrl = (manageUrl: string) => decodeURIComponent(manageUrl.slice(manageUrl.lastIndexOf('/') + 1));

/** The answer as it now stands goes into the cache under the secret in force; seats and tickets elsewhere are stale. */
function settle(qc: QueryClient, answer: TManagedRsvpAnswer) {
  qc.setQueryData(manageKeys.detail(secretOfManageUrl(answer.rsvp.manage_url)), answer.rsvp);
  void invalidatePublicEvent(qc, answer.rsvp.event.id);
  void qc.invalidateQueries({ queryKey: eventKeys.list() });
  void qc.invalidateQueries({ queryKey: ticketKeys.all });
}

/** PUT the changed answer (status, party size, name, phone, notes); 409 capacity_exceeded when the party no longer fits. */
export function useChangeManagedRsvp(manageSecret: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: TRsvpChange) => api<TManagedRsvpAnswer>(pathOf(manageSecret), { method: 'PUT', body: change }),
    onSuccess: (answer) => settle(qc, answer),
  });
}

/** Cancel: the answer becomes 'declined', its seats are freed, and the manage link is replaced (the answer's manage_url). */
export function useCancelManagedRsvp(manageSecret: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TManagedRsvpAnswer>(`${pathOf(manageSecret)}/cancel`, { method: 'POST' }),
    onSuccess: (answer) => {
      qc.removeQueries({ queryKey: manageKeys.detail(manageSecret), exact: true });
      settle(qc, answer);
    },
  });
}
