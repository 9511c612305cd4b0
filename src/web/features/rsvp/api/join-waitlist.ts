import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWaitlistInput, TWaitlistJoinResult } from '../../../../common/schemas/waitlist.ts';
import { api } from '../../../lib/api.ts';
import { myRsvpKeys } from './get-my-rsvp.ts';

/** Joins a full event's waitlist (docs/product.md#waitlist); this browser then remembers the answer like an RSVP. */
export function useJoinWaitlist(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TWaitlistInput) =>
      api<TWaitlistJoinResult>(`/api/public/events/${encodeURIComponent(eventId)}/waitlist`, { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: myRsvpKeys.all }),
  });
}
