import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TDevMailChannel, TDevMailMessage, TDevMailPage } from '../../../common/schemas/dev-mailbox.ts';
import { api } from '../../lib/api.ts';

export const devMailKeys = {
  all: ['dev-mailbox'] as const,
  list: (channel: TDevMailChannel | undefined) => [...devMailKeys.all, 'list', channel ?? 'all'] as const,
  message: (id: string) => [...devMailKeys.all, 'message', id] as const,
};

/** GET /api/dev-mailbox: newest first, a page at a time. */
export const devMailListQuery = (channel: TDevMailChannel | undefined) =>
  infiniteQueryOptions({
    queryKey: devMailKeys.list(channel),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams();
      if (channel) q.set('channel', channel);
      if (pageParam) q.set('cursor', pageParam);
      return api<TDevMailPage>(`/api/dev-mailbox${q.size ? `?${q}` : ''}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });

export function useDevMailList(channel: TDevMailChannel | undefined) {
  return useInfiniteQuery(devMailListQuery(channel));
}

/** GET /api/dev-mailbox/:id: one message, rendered. Messages never change once sent. */
export const devMailQuery = (id: string | null) =>
  queryOptions({
    queryKey: devMailKeys.message(id ?? ''),
    queryFn: ({ signal }) => api<TDevMailMessage>(`/api/dev-mailbox/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useDevMail(id: string | null) {
  return useQuery(devMailQuery(id));
}

export const attachmentUrl = (id: string, index: number) => `/api/dev-mailbox/${encodeURIComponent(id)}/attachments/${index}`;
