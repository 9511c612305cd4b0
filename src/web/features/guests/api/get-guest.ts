import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGuestDetailAnswer } from '../../../../common/schemas/guests.ts';
import { api } from '../../../lib/api.ts';
import { guestKeys } from '../../../lib/queries/guest-keys.ts';

export const guestPath = (eventId: string, rsvpId: string) =>
  `/api/events/${encodeURIComponent(eventId)}/rsvps/${encodeURIComponent(rsvpId)}`;

/** One guest as the RSVP detail and QR dialogs show it: the answer, its QR image, ticket and short link. */
export const guestDetailQuery = (eventId: string, rsvpId: string) =>
  queryOptions({
    queryKey: guestKeys.detail(eventId, rsvpId),
    queryFn: ({ signal }) => api<TGuestDetailAnswer>(guestPath(eventId, rsvpId), { signal }).then((r) => r.rsvp),
  });

export function useGuest(eventId: string, rsvpId: string) {
  return useQuery(guestDetailQuery(eventId, rsvpId));
}
