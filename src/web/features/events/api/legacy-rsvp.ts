import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLegacyRsvp, TLegacyRsvpResult } from '../../../../common/schemas/events.ts';
import { api } from '../../../lib/api.ts';
import { invalidatePublicEvent } from '../../../lib/queries/get-public-event.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';

export type LegacyRsvpInput = TLegacyRsvp;

/** The legacy form of the sample landing page (docs/product.md#sample-event), stored as a real RSVP of the sample event. */
export function useLegacyRsvp(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LegacyRsvpInput) =>
      api<TLegacyRsvpResult>(`/api/public/events/${encodeURIComponent(eventId)}/legacy-rsvp`, { method: 'POST', body: input }),
    // A 'yes' takes a seat of the sample event; not awaited, the thank-you shows at once.
    onSuccess: () => {
      void invalidatePublicEvent(qc, eventId);
      void qc.invalidateQueries({ queryKey: eventKeys.list() });
    },
  });
}
