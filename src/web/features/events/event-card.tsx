import { CalendarDays, ExternalLink, ImageIcon, MapPin, Pencil, Share2, Trash2, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import type { TEventCounts } from '../../../common/schemas/guests.ts';
import { RSVP_STATUS_LABEL } from '../../../common/messages.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { cn } from '../../lib/cn.ts';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { absoluteUrl, eventHref } from '../../../common/hrefs.ts';
import { formatEventWhen } from '../../lib/datetime.ts';
import { Detail } from '../../components/ui/detail.tsx';
import { isDemoEvent } from '../../../common/sample-event.ts';
import { OverflowMenu } from './overflow-menu.tsx';

/** One event on the Events tab (docs/product.md#admin-events): what it is, when, where, its link, and what to do with it. */
export function EventCard({
  event,
  onEdit,
  onShare,
  onDelete,
}: {
  /** Counts are missing only for a moment after the event was created (until the list is read again). */
  event: TEventAdmin & { counts?: TEventCounts };
  onEdit: () => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const when = formatEventWhen(event.event_date, event.end_date, event.timezone);
  const url = absoluteUrl(window.location.origin, eventHref(event));
  const image = event.preview_image_url ?? event.image_url;
  const titleId = `event-card-${event.id}`;
  // Only the owner may delete (ADR 0011): a co-host gets no Delete button.
  const canDelete = event.role === 'owner';

  return (
    <article
      className="flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-ink/10 bg-white shadow-sm"
      aria-labelledby={titleId}
    >
      <div className="relative aspect-[16/9] bg-paper">
        {image ? (
          <img src={image} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        ) : (
          <div className="grid size-full place-items-center bg-gradient-to-br from-paper to-violet-100">
            <ImageIcon className="size-10 text-ink/25" aria-hidden="true" />
          </div>
        )}
        <div className="absolute top-3 left-3 flex gap-2">
          <Badge tone={event.is_active ? 'success' : 'neutral'} className="shadow-sm">
            {event.is_active ? 'Active' : 'Inactive'}
          </Badge>
          {isDemoEvent(event) ? (
            <Badge tone="accent" className="shadow-sm" title="The sample event: not counted in the dashboard's figures">
              Demo
            </Badge>
          ) : null}
          {event.role === 'cohost' ? (
            <Badge tone="accent" className="shadow-sm">
              Co-host
            </Badge>
          ) : null}
          {event.is_paid_event ? (
            <Badge tone="warning" className="shadow-sm">
              Paid
            </Badge>
          ) : null}
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 id={titleId} className="font-display text-xl leading-tight font-semibold break-words">
            {event.title}
          </h3>
          {event.subtitle ? <p className="mt-1 text-sm text-ink/70">{event.subtitle}</p> : null}
        </div>

        <dl className="grid gap-1.5 text-sm">
          <Detail icon={CalendarDays} label="Date" size="sm">
            <dd>
              {when.date}
              <span className="block text-ink/70">{when.time}</span>
            </dd>
          </Detail>
          {event.location ? (
            <Detail icon={MapPin} label="Location" size="sm">
              <dd className="min-w-0 break-words">{event.location}</dd>
            </Detail>
          ) : null}
        </dl>

        {event.counts ? <CardCounts counts={event.counts} /> : null}

        <div className="mt-auto flex items-center gap-2 rounded-lg bg-paper-soft py-0 pl-3">
          <span className="sr-only">Public link:</span>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="min-w-0 flex-1 truncate text-sm text-accent-ink underline-offset-4 hover:underline touch:py-3"
            title={url}
          >
            {url.replace(/^https?:\/\//, '')}
          </a>
          <CopyButton text={url} srLabel={`Copy public link of ${event.title}`} />
        </div>
      </div>

      {/* Everyday actions share one row with equal weight; Delete sits apart, in the owner's More menu (ADR 0011). */}
      <div className="flex border-t border-ink/10">
        <a
          href={eventHref(event)}
          target="_blank"
          rel="noreferrer"
          className={ACTION}
          aria-label={`View page of ${event.title} (opens in a new tab)`}
        >
          <ExternalLink aria-hidden="true" />
          View
        </a>
        <Button variant="ghost" className={ACTION} onClick={onEdit} aria-label={`Edit ${event.title}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        {/* The guest list dialog opens from the URL (?guests=…), so a reload or Back keeps or closes it (routes/admin). */}
        <Link to={`?guests=${encodeURIComponent(event.id)}`} className={ACTION} aria-label={`Guests of ${event.title}`}>
          <Users aria-hidden="true" />
          Guests
        </Link>
        <Button variant="ghost" className={ACTION} onClick={onShare} aria-label={`Share ${event.title}`}>
          <Share2 aria-hidden="true" />
          Share
        </Button>
        {canDelete ? (
          <OverflowMenu
            label={`More actions for ${event.title}`}
            triggerClassName="h-12 w-12 shrink-0 rounded-none border-l border-ink/10"
            items={[
              { label: 'Delete event', hint: 'Its page and guest list go too.', icon: Trash2, destructive: true, onSelect: onDelete },
            ]}
          />
        ) : null}
      </div>
    </article>
  );
}

const ACTION = cn(buttonVariants({ variant: 'ghost' }), 'h-12 min-w-0 flex-1 flex-col gap-0.5 rounded-none text-xs');

/** Going (guests, from RSVPs), Maybe, Can't go (RSVP_STATUS_LABEL) and, when capped, spots left (docs/product.md#guest-list). */
function CardCounts({ counts }: { counts: TEventCounts }) {
  const items: [string, React.ReactNode][] = [
    [
      RSVP_STATUS_LABEL.confirmed,
      <>
        {counts.going_guests}
        <span className="text-xs font-normal text-ink/70">
          {' '}
          ({counts.going_rsvps} {counts.going_rsvps === 1 ? 'RSVP' : 'RSVPs'})
        </span>
      </>,
    ],
    [RSVP_STATUS_LABEL.maybe, counts.maybe],
    [RSVP_STATUS_LABEL.declined, counts.declined],
  ];
  if (counts.spots_left !== null) items.push(['Spots left', counts.spots_left]);
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 rounded-lg border border-ink/10 px-3 py-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="grid">
          <dt className="text-xs text-ink/70">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
