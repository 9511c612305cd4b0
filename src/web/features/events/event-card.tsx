import { CalendarDays, ExternalLink, ImageIcon, MapPin, Pencil, Trash2, Users } from 'lucide-react';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { absoluteUrl, eventHref } from '../../../common/hrefs.ts';
import { formatEventWhen } from '../../lib/datetime.ts';
import { Detail } from '../../components/ui/detail.tsx';

const GUEST_LIST_SOON = 'Guest lists arrive with the guest-list feature.';

/** One event on the Events tab (docs/product.md#admin-events): what it is, when, where, its link, and what to do with it. */
export function EventCard({ event, onEdit, onDelete }: { event: TEventAdmin; onEdit: () => void; onDelete: () => void }) {
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

        <div className="mt-auto flex items-center gap-2 rounded-lg bg-paper-soft py-0 pl-3">
          <span className="sr-only">Public link:</span>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="min-w-0 flex-1 truncate text-sm text-accent-ink underline-offset-4 hover:underline"
            title={url}
          >
            {url.replace(/^https?:\/\//, '')}
          </a>
          <CopyButton text={url} srLabel={`Copy public link of ${event.title}`} />
        </div>
      </div>

      <div className={cn('grid border-t border-ink/10', canDelete ? 'grid-cols-4' : 'grid-cols-3')}>
        <a
          href={eventHref(event)}
          target="_blank"
          rel="noreferrer"
          className={cn(buttonVariants({ variant: 'ghost' }), 'h-12 flex-col gap-0.5 rounded-none text-xs')}
          aria-label={`View page of ${event.title} (opens in a new tab)`}
        >
          <ExternalLink aria-hidden="true" />
          View
        </a>
        <Button variant="ghost" className="h-12 flex-col gap-0.5 rounded-none text-xs" onClick={onEdit} aria-label={`Edit ${event.title}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Tooltip content={GUEST_LIST_SOON}>
          <Button
            variant="ghost"
            className="h-12 flex-col gap-0.5 rounded-none text-xs opacity-50 hover:bg-transparent"
            aria-disabled="true"
            aria-label={`Guests of ${event.title}: ${GUEST_LIST_SOON}`}
            onClick={(e) => e.preventDefault()}
          >
            <Users aria-hidden="true" />
            Guests
          </Button>
        </Tooltip>
        {canDelete ? (
          <Button
            variant="ghost"
            className="h-12 flex-col gap-0.5 rounded-none text-xs text-danger hover:bg-red-50"
            onClick={onDelete}
            aria-label={`Delete ${event.title}`}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        ) : null}
      </div>
    </article>
  );
}
