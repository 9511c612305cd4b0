import { useEffect } from 'react';
import { RETRY_DELAY_MS } from '../../../common/constants.ts';
import { LoadFailed } from '../../components/page-states.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isRetryable } from '../../lib/error-code.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { GUEST_MSG } from './messages.ts';

/** Rows of grey while the first page loads. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="rounded-xl border border-ink/10 bg-white p-3">
      <p className="sr-only" role="status">
        Loading guests...
      </p>
      <div className="grid gap-3">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="size-4" />
            <Skeleton className="h-5 flex-1" />
            <Skeleton className="hidden h-5 w-24 sm:block" />
            <Skeleton className="h-5 w-16" />
            <Skeleton className="h-9 w-24" />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A failed read of the list (docs/product.md#messages): a connection problem or an outage says
 * 'Connection Error / Failed to load RSVP data. Retrying in 3 seconds...' and tries again after
 * RETRY_DELAY_MS; anything else says 'Failed to load RSVPs.' with the reason and Try again.
 */
export function ListError({ error, retry, retrying }: { error: unknown; retry: () => void; retrying: boolean }) {
  const transient = isRetryable(error);
  useEffect(() => {
    if (!transient || retrying) return;
    const t = setTimeout(retry, RETRY_DELAY_MS);
    return () => clearTimeout(t);
  }, [transient, retrying, retry]);
  return (
    <div className="rounded-xl border border-ink/10 bg-white">
      <LoadFailed
        layout="panel"
        title={transient ? GUEST_MSG.connectionError : GUEST_MSG.loadRsvpsFailed}
        message={transient ? GUEST_MSG.loadRsvpDataRetrying : toUserMessage(error, GUEST_MSG.loadRsvpsFailed)}
        onRetry={retry}
        retrying={retrying}
      />
    </div>
  );
}
