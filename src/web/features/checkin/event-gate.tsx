import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { checkinHref } from '../../../common/hrefs.ts';
import { Loading } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { AuthRequired } from './checkin-shell.tsx';
import { unreachable } from './offline/unreachable.ts';
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
  const away = unreachable(session);
  if (away && state.status === 'ready') return children(eventId);
  if (away && state.status === 'loading') return <Loading text="Loading..." />;
  // Still trying (its retries too) on a device with no list to fall back on.
  if (session.isPending && session.fetchStatus === 'fetching') return <Loading text="Loading..." />;
  if (!session.data) return <AuthRequired />;
  return children(eventId);
}
