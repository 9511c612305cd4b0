import { ChartColumn, LayoutDashboard, ScanLine, Search } from 'lucide-react';
import { clsx } from 'clsx';
import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { checkinHref } from '../../../common/hrefs.ts';
import { LoadFailed } from '../../components/page-states.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { useCheckinEvents } from '../../features/checkin/api/checkin.ts';
import { AuthRequired, CheckinShell, darkButton, darkInput, LiveBadge } from '../../features/checkin/checkin-shell.tsx';
import { SignOutButton } from '../../features/checkin/sign-out-button.tsx';
import { unlockAudio } from '../../features/checkin/feedback.ts';
import { StatsPanel } from '../../features/checkin/stats-panel.tsx';
import { useLiveStats } from '../../features/checkin/use-live-stats.ts';
import { formatEventWhen } from '../../lib/datetime.ts';
import { useSession } from '../../lib/auth.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { OfflineHome } from '../../features/checkin/offline/offline-home.tsx';
import { OfflineDevices } from '../../features/checkin/offline/offline-devices.tsx';
import { OfflinePanel } from '../../features/checkin/offline/offline-panel.tsx';
import { unreachable } from '../../features/checkin/offline/unreachable.ts';

/**
 * /checkin?event=…: the door's home (docs/product.md#check-in). Choose an event (the query preselects it and
 * keeps the choice), see its counts live, and go to Scan or Search. Signed out: 'Authentication required'.
 */
export function Component() {
  const session = useSession();
  const user = session.data;
  const events = useCheckinEvents(Boolean(user));
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  const list = events.data ?? [];
  const eventId = params.get('event');
  const event = list.find((e) => e.id === eventId) ?? null;

  // One event to choose from: choose it.
  useEffect(() => {
    const only = list.length === 1 ? list[0] : undefined;
    if (!eventId && only) setParams({ event: only.id }, { replace: true });
  }, [eventId, list, setParams]);

  // No network: the session and the events cannot be asked; the events this device is prepared for can.
  if (unreachable(session) || (user && unreachable(events))) return <OfflineHome />;
  if (session.isPending) return <Loading text="Loading..." />;
  if (!user) return <AuthRequired />;

  // Door staff have no admin: for them the way out is signing out.
  const isDoor = event ? event.role === 'door' : list.length > 0 && list.every((e) => e.role === 'door');
  const exit = isDoor ? (
    <SignOutButton className={darkButton.small} />
  ) : (
    <Link to="/admin" className={darkButton.small}>
      <LayoutDashboard aria-hidden="true" />
      Back to Admin
    </Link>
  );

  return (
    <CheckinShell title="Check In" aside={exit}>
      {events.isPending ? (
        <Loading text="Loading events..." className="text-white/75" />
      ) : events.isError ? (
        <div className="rounded-xl bg-white text-ink">
          <LoadFailed layout="panel" message={toUserMessage(events.error)} onRetry={() => events.refetch()} retrying={events.isFetching} />
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-white/15 p-4 text-white/80">
          No events to check in. The owner of an event can add you to its team as door staff.
        </p>
      ) : (
        <>
          <div className="grid gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium text-white/80">
              Event
            </label>
            <select
              id={selectId}
              className={darkInput}
              value={event?.id ?? ''}
              onChange={(e) => setParams(e.target.value ? { event: e.target.value } : {}, { replace: true })}
            >
              <option value="">Choose an event…</option>
              {list.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.title}
                </option>
              ))}
            </select>
            {eventId && !event ? (
              <p role="alert" className="text-sm text-amber-200">
                That event is not one you can check in. Choose one of yours.
              </p>
            ) : null}
          </div>
          {event ? (
            <EventDesk eventId={event.id} role={event.role} when={formatEventWhen(event.event_date, event.end_date, event.timezone)} />
          ) : null}
        </>
      )}
    </CheckinShell>
  );
}

function EventDesk({ eventId, role, when }: { eventId: string; role: string; when: { date: string; time: string } }) {
  const { stats, live } = useLiveStats(eventId);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-white/75">
          {when.date} {when.time ? `· ${when.time}` : ''}
        </p>
        <LiveBadge state={live} />
      </div>
      {stats.isPending ? (
        <Loading text="Loading counts..." className="min-h-40 text-white/75" />
      ) : stats.isError ? (
        <div className="rounded-xl bg-white text-ink">
          <LoadFailed layout="panel" message={toUserMessage(stats.error)} onRetry={() => stats.refetch()} retrying={stats.isFetching} />
        </div>
      ) : (
        <StatsPanel stats={stats.data} />
      )}
      <nav aria-label="Check-in actions" className="grid gap-3 sm:grid-cols-2">
        {/* The tap that opens the scanner also lets its verdicts beep (browsers need a gesture first). */}
        <Link to={checkinHref('scan', eventId)} className={clsx(darkButton.primary, 'sm:col-span-2')} onClick={unlockAudio}>
          <ScanLine aria-hidden="true" />
          Scan
        </Link>
        <Link to={checkinHref('search', eventId)} className={darkButton.secondary}>
          <Search aria-hidden="true" />
          Search
        </Link>
        {role === 'door' ? null : (
          <Link to={`/admin?tab=guest-list&event=${encodeURIComponent(eventId)}`} className={darkButton.secondary}>
            <ChartColumn aria-hidden="true" />
            Statistics
          </Link>
        )}
      </nav>
      <OfflinePanel eventId={eventId} />
      {/* Which phones hold the guest list, and Revoke: the owner and co-hosts only (docs/product.md#offline-door). */}
      {role === 'door' ? null : <OfflineDevices eventId={eventId} />}
    </>
  );
}
