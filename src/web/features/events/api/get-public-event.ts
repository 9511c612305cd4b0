import { useQuery } from '@tanstack/react-query';
import type { TPublicEvent } from '../../../../common/schemas/events.ts';
import { ApiError, api } from '../../../lib/api.ts';
import { eventKeys, type PublicEventIdent } from './keys.ts';

// Public code: type-only imports from the schemas, so zod stays out of public bundles.

function urlOf(ident: PublicEventIdent): string {
  if ('id' in ident) return `/api/public/events?id=${encodeURIComponent(ident.id)}`;
  if ('slug' in ident) return `/api/public/events?slug=${encodeURIComponent(ident.slug)}`;
  return `/api/public/events/${encodeURIComponent(ident.idOrSlug)}`;
}

export function getPublicEvent(ident: PublicEventIdent, signal?: AbortSignal) {
  return api<{ event: TPublicEvent }>(urlOf(ident), { signal }).then((r) => r.event);
}

/**
 * SPEC §2 identifier priority: query id, then query slug, then path id. Null when there is none.
 */
export function publicEventIdent(search: URLSearchParams, pathId: string | undefined): PublicEventIdent | null {
  const id = search.get('id')?.trim();
  if (id) return { id };
  const slug = search.get('slug')?.trim();
  if (slug) return { slug };
  if (pathId?.trim()) return { idOrSlug: pathId.trim() };
  return null;
}

export function usePublicEvent(ident: PublicEventIdent | null) {
  return useQuery({
    queryKey: eventKeys.public(ident ?? { id: '' }),
    queryFn: ({ signal }) => getPublicEvent(ident!, signal),
    enabled: ident !== null,
    staleTime: 30_000,
  });
}

/** 404 (and a malformed identifier, 400) mean 'Event not found'; anything else failed to load. */
export function getPublicEventErrorKind(err: unknown): 'not-found' | 'failed' {
  return err instanceof ApiError && (err.status === 404 || err.status === 400) ? 'not-found' : 'failed';
}
