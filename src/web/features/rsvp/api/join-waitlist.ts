import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWaitlistInput, TWaitlistJoinResult } from '../../../../common/schemas/waitlist.ts';
import { api } from '../../../lib/api.ts';
import { errorCode } from '../../../lib/error-code.ts';
import { invalidatePublicEvent } from '../../../lib/queries/get-public-event.ts';
import { myRsvpKeys } from './get-my-rsvp.ts';

/** Joins a full event's waitlist (docs/product.md#waitlist); this browser then remembers the answer like an RSVP. */
export function useJoinWaitlist(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TWaitlistInput) =>
      api<TWaitlistJoinResult>(`/api/public/events/${encodeURIComponent(eventId)}/waitlist`, { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: myRsvpKeys.all }),
    // Seats came free meanwhile: the page's figures are read again, so the dialog offers a plain Yes.
    onError: (err) => {
      if (errorCode(err) === 'seats_available') void invalidatePublicEvent(qc, eventId);
    },
  });
}
