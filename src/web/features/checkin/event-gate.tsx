import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { checkinHref } from '../../../common/hrefs.ts';
import { Loading } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { isRetryable } from '../../lib/error-code.ts';
import { AuthRequired } from './checkin-shell.tsx';
import { useOfflineDoor } from './offline/use-offline-door.ts';
import { useEventParam } from './use-event-param.ts';

/**
 * The door screens of one event (?event=…): without an event, /checkin; signed out, "Authentication required".
 * With no network the session cannot be asked: a device prepared for the event opens it on its own copy
 * (docs/product.md#offline-door); the server checks the session again when the scans sync.
 */
export function CheckinEventGate({ children }: { children: (eventId: string) => ReactNode }) {
  const eventId = useEventParam();
  if (!eventId) return <Navigate to={checkinHref('index')} replace />;
  return <Gate eventId={eventId}>{children}</Gate>;
}

function Gate({ eventId, children }: { eventId: string; children: (eventId: string) => ReactNode }) {
  const session = useSession();
  const { state } = useOfflineDoor(eventId);
  const unreachable = !session.data && (session.isError || session.fetchStatus === 'paused');
  // A prepared device opens on the first try that failed for want of a network, not after the retries (1 s, then
  // 2 s more): a browser reopened offline still reports itself online, so the session is tried, not paused.
  const failedOnce = !session.data && session.failureCount > 0 && isRetryable(session.failureReason);
  if ((unreachable || failedOnce) && state.status === 'ready') return children(eventId);
  if (unreachable && state.status === 'loading') return <Loading text="Loading..." />;
  if (session.isPending && !unreachable) return <Loading text="Loading..." />;
  if (!session.data) return <AuthRequired />;
  return children(eventId);
}
