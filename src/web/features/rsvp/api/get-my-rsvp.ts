import { queryOptions, useQuery } from '@tanstack/react-query';
import { guestSeenCookie } from '../../../../common/guest-cookie.ts';
import type { TMyRsvpAnswer } from '../../../../common/schemas/rsvps.ts';
import { api } from '../../../lib/api.ts';

/** This browser's own answer to an event (docs/product.md#public-event-page), keyed by the event id. */
export const myRsvpKeys = {
  all: ['my-rsvp'] as const,
  detail: (eventId: string) => ['my-rsvp', eventId] as const,
};

export type MyRsvp = NonNullable<TMyRsvpAnswer['rsvp']>;

/** The browser answered this event before (or opened its manage link): the readable marker the server set. */
export function hasAnsweredHere(eventId: string): boolean {
  if (typeof document === 'undefined') return false;
  const name = guestSeenCookie(eventId);
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${name}=`));
}

/** The server reads the HttpOnly manage cookie beside the marker; a stale one answers { rsvp: null } and is cleared. */
export function getMyRsvp(eventId: string, signal?: AbortSignal): Promise<TMyRsvpAnswer> {
  return api<TMyRsvpAnswer>(`/api/public/events/${encodeURIComponent(eventId)}/my-rsvp`, { signal });
}

/**
 * Asked only when the marker is there, so first-time visitors make no extra request. A first answer
 * seeds it (submit-rsvp.ts), so the page shows the answer at once.
 */
export const myRsvpQuery = (eventId: string) =>
  queryOptions({
    queryKey: myRsvpKeys.detail(eventId),
    queryFn: ({ signal }) => getMyRsvp(eventId, signal),
    enabled: hasAnsweredHere(eventId),
    staleTime: 60_000,
  });

export function useMyRsvp(eventId: string) {
  return useQuery(myRsvpQuery(eventId));
}
