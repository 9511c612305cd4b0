import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** The one query-client setup, shared by the full app (main.tsx) and the guest start-ups (guest/mount.tsx). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; retry only what may pass (network, 5xx).
        retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
