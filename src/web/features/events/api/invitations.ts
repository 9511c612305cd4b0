import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { sessionKey } from '../../../lib/auth.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';

import type { TInvitation } from '../../../../common/schemas/events.ts';
import type { TAcceptInvitation } from '../../../../common/schemas/auth.ts';

/** A co-host invitation (sign-up link valid for one e-mail). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: eventKeys.invitation(token),
    queryFn: ({ signal }) => api<TInvitation>(`/api/invitations/${encodeURIComponent(token)}`, { signal }),
    enabled: token !== '',
  });

export function useInvitation(token: string) {
  return useQuery(invitationQuery(token));
}

/** Creates the account for the invited e-mail and signs in. */
export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TAcceptInvitation) => api<unknown>('/api/invitations/accept', { method: 'POST', body: input }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: sessionKey }), qc.invalidateQueries({ queryKey: eventKeys.all })]),
  });
}
