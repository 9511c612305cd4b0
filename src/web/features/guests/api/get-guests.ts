import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TGuestList } from '../../../../common/schemas/guests.ts';
import { api } from '../../../lib/api.ts';
import { type GuestFilter, type GuestListParams, guestKeys, guestSearch } from '../../../lib/queries/guest-keys.ts';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/rsvps`;

/** One page of an event's guest list (docs/product.md#guest-list): 40 rows, the total and the counts. */
export const guestListQuery = (eventId: string, params: GuestListParams) =>
  queryOptions({
    queryKey: guestKeys.list(eventId, params),
    queryFn: ({ signal }) => api<TGuestList>(`${base(eventId)}${guestSearch(params)}`, { signal }),
    // The previous page stays on screen while the next one loads (pages, filters, search as you type).
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });

export function useGuestList(eventId: string, params: GuestListParams, opts: { retry?: false } = {}) {
  return useQuery({ ...guestListQuery(eventId, params), ...opts });
}

/** The CSV download of every row the filters match (the server names the file after the event and the date). */
export function guestCsvHref(eventId: string, filter: GuestFilter): string {
  return `${base(eventId)}.csv${guestSearch(filter)}`;
}
