import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { checkinHref } from '../../../common/hrefs.ts';
import { Loading } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { AuthRequired } from './checkin-shell.tsx';
import { useEventParam } from './use-event-param.ts';

/** The door screens of one event (?event=…): without an event, /checkin; signed out, "Authentication required". */
export function CheckinEventGate({ children }: { children: (eventId: string) => ReactNode }) {
  const eventId = useEventParam();
  const session = useSession();
  if (!eventId) return <Navigate to={checkinHref('index')} replace />;
  if (session.isPending) return <Loading text="Loading..." />;
  if (!session.data) return <AuthRequired />;
  return children(eventId);
}
