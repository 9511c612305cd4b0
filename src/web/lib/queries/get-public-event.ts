import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EVENT_DATA_ELEMENT_ID } from '../../../common/page-data.ts';
import type { TPublicEvent } from '../../../common/schemas/events.ts';
import type { TPublicEventSeats } from '../../../common/schemas/events.responses.ts';
import { api } from '../api.ts';
import { errorCode } from '../error-code.ts';
import { eventKeys, type PublicEventIdent } from './event-keys.ts';

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
 * Identifier priority (docs/product.md#public-event-page): query id, then query slug, then path id. Null when there is none.
 */
export function publicEventIdent(search: URLSearchParams, pathId: string | undefined): PublicEventIdent | null {
  const id = search.get('id')?.trim();
  if (id) return { id };
  const slug = search.get('slug')?.trim();
  if (slug) return { slug };
  if (pathId?.trim()) return { idOrSlug: pathId.trim() };
  return null;
}

/**
 * The event the server put in this page's HTML (its head provider, as the API would answer), if it
 * is the one asked for. Read once: the element is removed, so a later visit in the same tab fetches.
 */
function seededEvent(ident: PublicEventIdent): TPublicEvent | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(EVENT_DATA_ELEMENT_ID);
  if (!element) return undefined;
  // The server chose it for this URL by the same identifier rules; a different one is not this page's.
  const asked = Object.values(ident)[0]!.toLowerCase();
  try {
    const event = JSON.parse(element.textContent!) as TPublicEvent;
    if (asked !== event.id && asked !== event.slug) return undefined;
    element.remove();
    seededId = event.id;
    return event;
  } catch {
    return undefined;
  }
}

/** The event whose seat figures came with this page's HTML and have not been asked for fresh yet. */
let seededId: string | undefined;

/** The public event page's query: seeded from the page's HTML on first load, fetched otherwise. */
export const publicEventQuery = (ident: PublicEventIdent | null) =>
  queryOptions({
    queryKey: eventKeys.public(ident ?? { id: '' }),
    queryFn: ({ signal }) => getPublicEvent(ident!, signal),
    enabled: ident !== null,
    staleTime: 30_000,
    // Fresh for staleTime from now: the HTML is at most a few seconds old (a shared cache may keep it,
    // ADR 0025), and its seat figures are asked for at once (usePublicEvent).
    initialData: () => (ident ? seededEvent(ident) : undefined),
  });

export function usePublicEvent(ident: PublicEventIdent | null) {
  const query = useQuery(publicEventQuery(ident));
  const qc = useQueryClient();
  const id = query.data?.id;
  useEffect(() => {
    // The HTML may have come from a shared cache: its seat figures, fresh, from the small endpoint.
    if (!ident || !id || id !== seededId) return;
    seededId = undefined;
    const key = eventKeys.public(ident);
    api<TPublicEventSeats>(`/api/public/events/${encodeURIComponent(id)}/seats`)
      .then((seats) => qc.setQueryData<TPublicEvent>(key, (old) => (old?.id === id ? { ...old, ...seats } : old)))
      .catch(() => {}); // the page's own figures stay; the next refetch brings new ones
  }, [ident, id, qc]);
  return query;
}

/**
 * After something changed an event's public figures (an RSVP takes seats): every cached public read
 * of it, by id or by slug, is refetched if on screen and stale otherwise.
 */
export function invalidatePublicEvent(qc: QueryClient, eventId: string) {
  return qc.invalidateQueries({
    queryKey: eventKeys.publicAll(),
    predicate: (q) => (q.state.data as TPublicEvent | undefined)?.id === eventId,
  });
}

/** 404 (and a malformed identifier, 400) mean 'Event not found'; anything else failed to load. */
export function getPublicEventErrorKind(err: unknown): 'not-found' | 'failed' {
  const code = errorCode(err);
  return code === 'not_found' || code === 'bad_request' || code === 'validation_failed' ? 'not-found' : 'failed';
}
