import type { TGuestFilterParsed } from '../../../common/schemas/guests.ts';

/** The filters and sort as the list sends them (each one optional). */
export type GuestFilter = Partial<TGuestFilterParsed>;

/** What the guest list asks the server for: the filters, the sort and the page (all from the URL). */
export type GuestListParams = GuestFilter & { page: number };

/** The query string of the filters (and page): only what is set, so the URL and the cache key stay short. */
export function guestSearch(params: GuestFilter & { page?: number }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Query keys of the guest lists (the guests and messaging features): one place, so every mutation invalidates the right caches. */
export const guestKeys = {
  all: ['guests'] as const,
  lists: (eventId: string) => [...guestKeys.all, 'list', eventId] as const,
  list: (eventId: string, params: GuestListParams) => [...guestKeys.lists(eventId), params] as const,
  detail: (eventId: string, rsvpId: string) => [...guestKeys.all, 'detail', eventId, rsvpId] as const,
  job: (jobId: string) => ['jobs', jobId] as const,
  summary: () => ['dashboard-summary'] as const,
};
