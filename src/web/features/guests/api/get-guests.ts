import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TGuestList } from '../../../../common/schemas/guests.ts';
import { api } from '../../../lib/api.ts';
import { type GuestFilter, type GuestListParams, guestKeys } from './keys.ts';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/rsvps`;

/** The query string of the filters (and page): only what is set, so the URL and the cache key stay short. */
export function guestSearch(params: GuestFilter & { page?: number }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

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
