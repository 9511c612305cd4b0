import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTheme } from '../../../../common/schemas/events.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';

/** Themes, defaults first (docs/product.md#entities). */
export const themesQuery = () =>
  queryOptions({
    queryKey: eventKeys.themes(),
    queryFn: ({ signal }) => api<{ themes: TTheme[] }>('/api/themes', { signal }).then((r) => r.themes),
    staleTime: 60_000,
  });

export function useThemes(enabled = true) {
  return useQuery({ ...themesQuery(), enabled });
}
