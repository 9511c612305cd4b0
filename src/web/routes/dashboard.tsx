import { BookOpen, CalendarDays, ExternalLink, Inbox, LogOut, ScanLine, UserRound, Users } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { sampleHref } from '../../common/hrefs.ts';
import { greetingName, useSession } from '../lib/auth.ts';
import { useSignOut } from '../lib/use-sign-out.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { useDashboardSummary } from '../features/guests/api/summary.ts';
import type { TDashboardSummary } from '../../common/schemas/guests.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useDoorStaffLanding } from '../features/checkin/door-staff-gate.tsx';
import { UnsentScansDialog } from '../components/unsent-scans-dialog.tsx';

/** The door's offline queue is sent before signing out; its code loads only then (docs/product.md#offline-door). */
const sendQueuedDoorScans = () => import('../features/checkin/offline/door-store.ts').then((m) => m.sendQueuedScans());

export function Component() {
  useDocumentTitle('Dashboard');
  const { data: user, isPending } = useSession();
  const { signOut, pending: signingOut, unsent } = useSignOut(sendQueuedDoorScans);
  const summary = useDashboardSummary();
  const door = useDoorStaffLanding();

  if (isPending || door.pending) return <Loading text="Loading..." />;
  if (!user) return <Navigate to="/auth" replace />;
  if (door.to) return <Navigate to={door.to} replace />;

  return (
    <div className="min-h-dvh">
      <header className="border-b border-ink/10 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <span className="font-display text-xl font-bold tracking-tight">Turnout</span>
          <div className="flex items-center gap-2">
            <Link to="/auth/account" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              <UserRound aria-hidden="true" />
              Account
            </Link>
            <Button variant="outline" size="sm" onClick={signOut} disabled={signingOut}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
            <UnsentScansDialog {...unsent} pending={signingOut} />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h1 className="font-display text-3xl font-semibold">Hello, {greetingName(user)}</h1>
          {/* The period is the one the totals were counted over; no totals, no period. */}
          {summary.data ? <span className="rounded-full bg-ink/5 px-3 py-1 text-sm text-ink/70">{periodLabel(summary.data)}</span> : null}
        </div>

        <div className="mt-8 grid gap-4 sm:grid-cols-2">
          <Tile
            to="/auth/admin"
            icon={<CalendarDays aria-hidden="true" />}
            title="Events"
            text="Create and manage events, guest lists, messages"
            stats={
              summary.data
                ? [
                    [summary.data.events.upcoming, summary.data.events.upcoming === 1 ? 'upcoming event' : 'upcoming events'],
                    [summary.data.events.rsvps_received, summary.data.events.rsvps_received === 1 ? 'RSVP received' : 'RSVPs received'],
                    [summary.data.events.guests_going, summary.data.events.guests_going === 1 ? 'guest going' : 'guests going'],
                  ]
                : summary.isPending
            }
          />
          <Tile
            to="/checkin"
            icon={<ScanLine aria-hidden="true" />}
            title="Check In"
            text="Scan QR codes, manage check-ins"
            stats={
              summary.data
                ? [
                    [summary.data.check_in.checked_in, 'checked in'],
                    [summary.data.check_in.pending, 'pending'],
                  ]
                : summary.isPending
            }
          />
        </div>

        <Card className="mt-8 p-5">
          <h2 className="text-lg font-semibold">Quick Links</h2>
          <ul className="mt-3 divide-y divide-ink/10">
            <li className="flex items-start gap-3 py-3">
              <BookOpen className="mt-0.5 size-5 text-accent" aria-hidden="true" />
              <div>
                <p className="font-medium">Learning portal</p>
                <p className="text-sm text-ink/70">Step-by-step articles and tutorials</p>
              </div>
            </li>
            <li className="py-3">
              <Link to={sampleHref()} className="flex items-start gap-3 hover:text-accent-ink">
                <ExternalLink className="mt-0.5 size-5 text-accent" aria-hidden="true" />
                <span>
                  <span className="block font-medium underline-offset-4 hover:underline">Template example event page</span>
                  <span className="text-sm text-ink/70">See what guests see</span>
                </span>
              </Link>
            </li>
            {user.role === 'admin' ? (
              <li className="py-3">
                <Link to="/auth/people" className="flex items-start gap-3 hover:text-accent-ink">
                  <Users className="mt-0.5 size-5 text-accent" aria-hidden="true" />
                  <span>
                    <span className="block font-medium">People</span>
                    <span className="text-sm text-ink/70">Accounts, their events and roles; invite a host</span>
                  </span>
                </Link>
              </li>
            ) : null}
            {user.role === 'admin' ? (
              <li className="py-3">
                <Link to="/auth/mailbox" className="flex items-start gap-3 hover:text-accent-ink">
                  <Inbox className="mt-0.5 size-5 text-accent" aria-hidden="true" />
                  <span>
                    <span className="block font-medium">Dev mailbox</span>
                    <span className="text-sm text-ink/70">E-mail and SMS kept here while no SMTP or Twilio is configured</span>
                  </span>
                </Link>
              </li>
            ) : null}
          </ul>
        </Card>
      </main>
    </div>
  );
}

/** "Period: Last 30 days": the days the server counted over (docs/product.md#dashboard). */
function periodLabel(s: TDashboardSummary): string {
  return `Period: Last ${s.period.days} ${s.period.days === 1 ? 'day' : 'days'}`;
}

/**
 * A dashboard tile; `stats` are its totals for the period (true while they load; false when they
 * could not be read: the tile is still a link, just without numbers).
 */
function Tile({
  to,
  icon,
  title,
  text,
  stats,
}: {
  to: string;
  icon: React.ReactNode;
  title: string;
  text: string;
  stats: [number, string][] | boolean;
}) {
  return (
    <Link
      to={to}
      className="group rounded-2xl border border-ink/10 bg-white p-6 shadow-sm transition hover:border-accent/50 hover:shadow-md"
    >
      <span className="grid size-12 place-items-center rounded-xl bg-paper text-ink [&_svg]:size-6">{icon}</span>
      <span className="mt-4 block text-xl font-semibold group-hover:text-accent-ink">{title}</span>
      <span className="mt-1 block text-sm text-ink/70">{text}</span>
      {Array.isArray(stats) ? (
        <span className="mt-4 flex flex-wrap gap-x-5 gap-y-2">
          {stats.map(([n, label]) => (
            <span key={label} className="grid">
              <span className="text-2xl font-semibold tabular-nums">{n.toLocaleString('en-US')}</span>
              <span className="text-xs text-ink/70">{label}</span>
            </span>
          ))}
        </span>
      ) : stats ? (
        <span className="mt-4 flex gap-5">
          <Skeleton className="h-10 w-16" />
          <Skeleton className="h-10 w-16" />
        </span>
      ) : null}
    </Link>
  );
}
