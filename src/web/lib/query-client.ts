import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './error-code.ts';

/** The one query-client setup, shared by the full app (main.tsx) and the guest start-ups (guest/mount.tsx). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; retry only what may pass (network, outage, server fault).
        retry: (count, err) => count < 2 && isRetryable(err),
        refetchOnWindowFocus: false,
      },
    },
  });
}
