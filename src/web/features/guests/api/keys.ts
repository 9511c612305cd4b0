import type { TGuestFilterParsed } from '../../../../common/schemas/guests.ts';

/** The filters and sort as the list sends them (each one optional). */
export type GuestFilter = Partial<TGuestFilterParsed>;

/** What the guest list asks the server for: the filters, the sort and the page (all from the URL). */
export type GuestListParams = GuestFilter & { page: number };

/** Query keys of the guests feature: one place, so every mutation invalidates the right caches. */
export const guestKeys = {
  all: ['guests'] as const,
  lists: (eventId: string) => [...guestKeys.all, 'list', eventId] as const,
  list: (eventId: string, params: GuestListParams) => [...guestKeys.lists(eventId), params] as const,
  detail: (eventId: string, rsvpId: string) => [...guestKeys.all, 'detail', eventId, rsvpId] as const,
  job: (jobId: string) => ['jobs', jobId] as const,
  summary: () => ['dashboard-summary'] as const,
};
