import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEventListItem } from '../../../common/schemas/guests.ts';
import { api } from '../api.ts';
import { eventKeys } from './event-keys.ts';

/** Events the signed-in user owns or co-hosts (docs/product.md#roles), each with its card's counts. */
export function getEvents(signal?: AbortSignal) {
  return api<{ events: TEventListItem[] }>('/api/events', { signal }).then((r) => r.events);
}

export const eventsQuery = () => queryOptions({ queryKey: eventKeys.list(), queryFn: ({ signal }) => getEvents(signal) });

export function useEvents() {
  return useQuery(eventsQuery());
}
