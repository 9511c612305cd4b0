import type { TGuestDetail } from '../../../common/schemas/guests.ts';
import { LoadFailed } from '../../components/page-states.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toUserMessage } from '../../lib/user-message.ts';
import type { useGuest } from './api/get-guest.ts';
import { GUEST_MSG } from './messages.ts';
import { statusBadge } from '../../lib/rsvp-status.ts';

/** Which guest a dialog shows; the name is known from the list row before the detail loads. */
export type GuestTarget = { rsvpId: string; name: string };

export function StatusBadge({ status }: { status: TGuestDetail['status'] }) {
  const badge = statusBadge(status);
  return <Badge tone={badge.tone}>{badge.label}</Badge>;
}

/** Loading and failure of a guest dialog's read; `children` renders the loaded guest. */
export function GuestLoader({ query, children }: { query: ReturnType<typeof useGuest>; children: (g: TGuestDetail) => React.ReactNode }) {
  if (query.data) return children(query.data);
  if (query.isError) {
    return (
      <LoadFailed
        layout="panel"
        title={GUEST_MSG.qrFetchFailed}
        message={toUserMessage(query.error)}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <div aria-busy="true" className="grid gap-3">
      <p className="sr-only" role="status">
        Loading guest...
      </p>
      <Skeleton className="mx-auto size-48" />
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
    </div>
  );
}

/** Name, e-mail, phone and status as a definition list. */
export function ContactList({ guest, children }: { guest: TGuestDetail; children?: React.ReactNode }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      <dt className="text-ink/70">Name</dt>
      <dd className="min-w-0 font-medium break-words">{guest.name}</dd>
      <dt className="text-ink/70">E-mail</dt>
      <dd className="min-w-0 break-words">{guest.email ?? '-'}</dd>
      <dt className="text-ink/70">Phone</dt>
      <dd className="min-w-0 break-words">{guest.phone ?? '-'}</dd>
      <dt className="text-ink/70">Status</dt>
      <dd>
        <StatusBadge status={guest.status} />
      </dd>
      {children}
    </dl>
  );
}
