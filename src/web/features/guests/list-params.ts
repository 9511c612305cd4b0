import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { GUEST_STATUS_FILTERS } from '../../../common/constants.ts';
import {
  ANSWER_FILTER,
  CHECKED_IN_FILTERS,
  GUEST_SORTS,
  PAYMENT_FILTERS,
  SEARCH_MAX,
  SORT_DIRECTIONS,
} from '../../../common/schemas/guests.ts';
import type { GuestFilter, GuestListParams } from '../../lib/queries/guest-keys.ts';

const pick = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;

/** The list's filters, sort and page as the URL holds them (unknown values are ignored, not sent). */
export function paramsFrom(search: URLSearchParams): GuestListParams {
  const page = Number(search.get('page'));
  const q = search.get('q')?.slice(0, SEARCH_MAX) || undefined;
  return {
    status: pick(GUEST_STATUS_FILTERS, search.get('status')),
    checked_in: pick(CHECKED_IN_FILTERS, search.get('checked_in')),
    payment: pick(PAYMENT_FILTERS, search.get('payment')),
    q,
    sort: pick(GUEST_SORTS, search.get('sort')),
    dir: pick(SORT_DIRECTIONS, search.get('dir')),
    answer: ANSWER_FILTER.test(search.get('answer') ?? '') ? (search.get('answer') ?? undefined) : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

const KEYS = ['status', 'checked_in', 'payment', 'q', 'sort', 'dir', 'answer', 'page'] as const;

/**
 * The Guest List tab's state lives in the URL (?tab=guest-list&event=…&q=…&page=…): a reload, a shared
 * link or Back shows the same list. Changing a filter goes back to page 1.
 */
export function useGuestListParams() {
  const [search, setSearch] = useSearchParams();
  const eventId = search.get('event') ?? '';
  const params = useMemo(() => paramsFrom(search), [search]);

  const update = useCallback(
    (change: Partial<GuestListParams> & { event?: string }) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (change.event !== undefined) {
            // Another event starts unfiltered; the first pick (no event yet) keeps what the URL asked for.
            const previous = prev.get('event');
            next.set('event', change.event);
            if (previous && previous !== change.event) for (const k of KEYS) next.delete(k);
          }
          for (const k of KEYS) {
            if (!(k in change)) continue;
            const v = change[k];
            if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in change) && change.event === undefined) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  return { eventId, params, update };
}

/** The filters without the page and sort: what a CSV export or a bulk send by filter takes. */
export function filterOf(params: GuestListParams): GuestFilter {
  const { page: _page, ...filter } = params;
  return filter;
}
