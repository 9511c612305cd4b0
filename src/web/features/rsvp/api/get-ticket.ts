import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTicket } from '../../../../common/schemas/rsvps.ts';
import { api } from '../../../lib/api.ts';

/** A ticket is read by its own secret (the /ticket/{secret} path), never by the RSVP id. */
export const ticketKeys = {
  all: ['tickets'] as const,
  detail: (ticketSecret: string) => ['tickets', ticketSecret] as const,
};

export function getTicket(ticketSecret: string, signal?: AbortSignal): Promise<TTicket> {
  return api<TTicket>(`/api/public/tickets/${encodeURIComponent(ticketSecret)}`, { signal });
}

export const ticketQuery = (ticketSecret: string) =>
  queryOptions({ queryKey: ticketKeys.detail(ticketSecret), queryFn: ({ signal }) => getTicket(ticketSecret, signal) });

export function useTicket(ticketSecret: string) {
  return useQuery(ticketQuery(ticketSecret));
}
