import { Navigate } from 'react-router';
import { checkinHref } from '../../../common/hrefs.ts';
import type { TCheckinEventList } from '../../../common/schemas/checkin.responses.ts';
import { Loading } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { useCheckinEvents } from './api/checkin.ts';

/**
 * Where door staff work (docs/product.md#co-hosts): an account whose every event it is door staff of goes
 * to check-in (that event's, when it has one), never the admin; null for anyone who manages an event.
 */
export function doorStaffLanding(events: TCheckinEventList['events']): string | null {
  const first = events[0];
  if (!first || !events.every((e) => e.role === 'door')) return null;
  return checkinHref('index', events.length === 1 ? first.id : null);
}

/** The check-in landing of a signed-in door-staff-only account, null for anyone else; `pending` while asked. */
export function useDoorStaffLanding(): { pending: boolean; to: string | null } {
  const { data: user } = useSession();
  // The instance's owner always has the admin; anyone else is asked which events they are on.
  const asks = Boolean(user) && user?.role !== 'admin';
  const events = useCheckinEvents(asks);
  return { pending: asks && events.isPending, to: asks && events.data ? doorStaffLanding(events.data) : null };
}

/** The admin screens (dashboard, /auth/admin): door staff who open them land on check-in instead. */
export function DoorStaffGate({ children }: { children: React.ReactNode }) {
  const door = useDoorStaffLanding();
  if (door.pending) return <Loading />;
  return door.to ? <Navigate to={door.to} replace /> : children;
}
