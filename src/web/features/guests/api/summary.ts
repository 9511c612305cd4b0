import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboardSummary } from '../../../../common/schemas/guests.ts';
import { api } from '../../../lib/api.ts';
import { guestKeys } from '../../../lib/queries/guest-keys.ts';

/** The dashboard tiles' totals over the period the server names (docs/product.md#dashboard). */
export const dashboardSummaryQuery = () =>
  queryOptions({
    queryKey: guestKeys.summary(),
    queryFn: ({ signal }) => api<TDashboardSummary>('/api/dashboard/summary', { signal }),
    staleTime: 30_000,
  });

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQuery());
}
