import { RSVP_STATUS_LABEL } from '../../../common/messages.ts';
import type { TEventCounts } from '../../../common/schemas/guests.ts';
import { cn } from '../../lib/cn.ts';
import { plural } from './format.ts';

const TILE = 'rounded-xl border border-ink/10 bg-white px-3 py-2';

/** What the summary needs of an event: its cap and its card's numbers. */
export type CapacityEvent = { max_attendees: number | null; counts: TEventCounts };

/** "6 / 50" when capped, "6" when not: guests going against the cap (held seats included: they are taken). */
export function headcount(e: CapacityEvent): string {
  const going = e.counts.going_guests.toLocaleString('en-US');
  return e.max_attendees === null ? going : `${going} / ${e.max_attendees.toLocaleString('en-US')}`;
}

/** The line under the headcount: seats held at unpaid checkouts and spots left, or "No limit". */
export function capacityNote(e: CapacityEvent): string {
  const { held_seats, spots_left } = e.counts;
  const parts = [
    held_seats > 0 ? `${plural(held_seats, 'seat')} held at checkout, not paid yet` : '',
    spots_left === null ? 'No limit' : spots_left === 0 ? 'Full' : `${plural(spots_left, 'spot')} left`,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * An event's numbers in the guest list's words (docs/product.md#guest-list): the headcount against the
 * capacity with held seats and spots left (guests), then the answers (RSVPs) as the event card names them
 * (Going, Maybe, Can't go, from RSVP_STATUS_LABEL).
 */
export function CapacitySummary({ event }: { event: CapacityEvent }) {
  const c = event.counts;
  const tiles: [string, string][] = [
    [RSVP_STATUS_LABEL.confirmed, `${c.going_rsvps}`],
    [RSVP_STATUS_LABEL.maybe, `${c.maybe}`],
    [RSVP_STATUS_LABEL.declined, `${c.declined}`],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap" aria-label="Headcount and answers">
      <div className={cn(TILE, 'col-span-3')}>
        <dt className="text-xs text-ink/70">Headcount (guests)</dt>
        <dd className="text-xl font-semibold tabular-nums">{headcount(event)}</dd>
        <dd className="text-xs text-ink/70">{capacityNote(event)}</dd>
      </div>
      {tiles.map(([label, value]) => (
        <div key={label} className={cn(TILE, 'sm:min-w-28')}>
          <dt className="text-xs text-ink/70">
            {label} <span className="sr-only">(RSVPs)</span>
          </dt>
          <dd className="text-xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
