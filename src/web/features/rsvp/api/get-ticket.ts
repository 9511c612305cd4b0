import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTicket } from '../../../../common/schemas/rsvps.ts';
import { api } from '../../../lib/api.ts';

export const ticketKeys = {
  all: ['tickets'] as const,
  detail: (rsvpId: string) => ['tickets', rsvpId] as const,
};

export function getTicket(rsvpId: string, signal?: AbortSignal): Promise<TTicket> {
  return api<TTicket>(`/api/public/tickets/${encodeURIComponent(rsvpId)}`, { signal });
}

export const ticketQuery = (rsvpId: string) =>
  queryOptions({ queryKey: ticketKeys.detail(rsvpId), queryFn: ({ signal }) => getTicket(rsvpId, signal) });

export function useTicket(rsvpId: string) {
  return useQuery(ticketQuery(rsvpId));
}
