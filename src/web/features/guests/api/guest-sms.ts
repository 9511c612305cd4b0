import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSmsSent } from '../../../../common/schemas/sms.ts';
import { api } from '../../../lib/api.ts';
import { guestKeys } from '../../../lib/queries/guest-keys.ts';

/** Text one guest their ticket's short link; the guest list then shows the delivery status. */
export function useGuestSms(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rsvpId: string) =>
      api<TSmsSent>(`/api/events/${encodeURIComponent(eventId)}/rsvps/${encodeURIComponent(rsvpId)}/sms`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: guestKeys.all }),
  });
}
