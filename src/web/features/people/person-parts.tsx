import type { TPerson, TPersonEvent } from '../../../common/schemas/people.responses.ts';
import { Badge } from '../../components/ui/badge.tsx';

/** What each event role is called on the People page. */
const ROLE_LABEL: Record<TPersonEvent['role'], string> = { owner: 'Owner', cohost: 'Co-host', door: 'Door' };

export const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export const lastActive = (p: TPerson) => (p.last_active_at ? shortDate(p.last_active_at) : 'Not signed in');

/** Owner / Deactivated / Active, and whether two-factor is on. */
export function PersonBadges({ person }: { person: TPerson }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {person.is_owner ? <Badge tone="accent">Owner</Badge> : null}
      {person.deactivated_at ? <Badge tone="danger">Deactivated</Badge> : <Badge tone="success">Active</Badge>}
      {person.two_factor ? <Badge>Two-factor on</Badge> : null}
    </span>
  );
}

/** The person's events, each with their role on it. */
export function PersonEvents({ events }: { events: TPersonEvent[] }) {
  if (events.length === 0) return <span className="text-sm text-ink/60">No events</span>;
  return (
    <ul className="grid gap-1 text-sm" aria-label="Events and roles">
      {events.map((e) => (
        <li key={`${e.id}-${e.role}`} className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium break-words">{e.title}</span>
          <span className="text-ink/70">
            {ROLE_LABEL[e.role]}
            {e.is_paid_event ? ' · paid' : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
