import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TManagedRsvp, TManagedRsvpRead } from '../../../../common/schemas/rsvps.ts';
import { api } from '../../../lib/api.ts';

// Public code: type-only imports from the schemas, so zod stays out of the manage page's first load. The
// changes are in change-managed-rsvp.ts, which only the lazily loaded form imports.

/** A guest's own answer, read and changed through its manage secret (docs/product.md#manage-page). */
export const manageKeys = {
  all: ['managed-rsvps'] as const,
  detail: (manageSecret: string) => ['managed-rsvps', manageSecret] as const,
};

export const managedRsvpPath = (manageSecret: string) => `/api/public/rsvps/${encodeURIComponent(manageSecret)}`;

export function getManagedRsvp(manageSecret: string, signal?: AbortSignal): Promise<TManagedRsvp> {
  return api<TManagedRsvpRead>(managedRsvpPath(manageSecret), { signal }).then((r) => r.rsvp);
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
