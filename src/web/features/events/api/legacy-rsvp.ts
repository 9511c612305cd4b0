import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type LegacyRsvpInput = { preferred_name: string; phone: string; rsvp: boolean };

/** SPEC §5 legacy form on the sample landing page, stored as a real RSVP of the sample event. */
export function useLegacyRsvp(eventId: string) {
  return useMutation({
    mutationFn: (input: LegacyRsvpInput) =>
      api<unknown>(`/api/public/events/${encodeURIComponent(eventId)}/legacy-rsvp`, { method: 'POST', body: input }),
  });
}
