import { CalendarPlus, Plus, QrCode } from 'lucide-react';
import { useRef, useState } from 'react';
import { hasEnded } from '../../../common/event-time.ts';
import { MSG } from '../../../common/messages.ts';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadFailed } from '../../components/page-states.tsx';
import { notify } from '../../lib/toast.ts';
import { errorCode } from '../../lib/error-code.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useDeleteEvent } from '../../features/events/api/delete-event.ts';
import { useEvents } from '../../lib/queries/get-events.ts';
import { EventCard } from '../../features/events/event-card.tsx';
import { EventFormDialog } from '../../features/events/event-form-dialog.tsx';
import { OverflowMenu } from '../../features/events/overflow-menu.tsx';
import { ShareDialog } from '../../features/events/share-dialog.tsx';
import { BackfillQrCodes } from '../../features/guests/backfill-dialog.tsx';

/**
 * Events tab (docs/product.md#admin-events): the host's events as cards, upcoming then past, Create Event, edit in a
 * dialog, delete after a confirmation; the share dialog after a save that makes an event live and from each card;
 * Create missing tickets (features/guests) in the More menu.
 */
export function EventsTab() {
  const events = useEvents();
  const remove = useDeleteEvent();
  const [editing, setEditing] = useState<TEventAdmin | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TEventAdmin | null>(null);
  // The dialog keeps showing the event it was opened for while it animates out.
  const [formOpen, setFormOpen] = useState(false);
  const createRef = useRef<HTMLButtonElement>(null);
  // The event being shared; it stays while the dialog animates out. `published`: opened by the save that made it live.
  const [sharing, setSharing] = useState<{ event: TEventAdmin; published: boolean } | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  const share = (event: TEventAdmin, published = false) => {
    setSharing({ event, published });
    setShareOpen(true);
  };

  const openForm = (e: TEventAdmin | 'new') => {
    setEditing(e);
    setFormOpen(true);
  };

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success('Event deleted', deleting.title);
      setDeleting(null);
      // Its card (and the Delete button that opened the dialog) is gone: continue from Create Event.
      requestAnimationFrame(() => createRef.current?.focus());
    } catch (err) {
      // A refusal the host can act on (paid guests first, Stripe unreachable) says why; anything else only that it failed.
      const code = errorCode(err);
      if (code === 'event_has_payments' || code === 'payment_failed') {
        notify.error(MSG.deleteEventFailed, toUserMessage(err));
        setDeleting(null);
      } else notify.error(MSG.deleteEventFailed);
    }
  }

  const count = events.data?.length ?? 0;

  return (
    <section aria-labelledby="events-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="events-heading" className="font-display text-3xl font-semibold">
            Events
          </h2>
          <p className="text-sm text-ink/70" aria-live="polite">
            {events.isSuccess && count > 0 ? (count === 1 ? '1 event' : `${count} events`) : '\u00a0'}
          </p>
        </div>
        <div className="ml-auto flex items-start gap-2">
          <BackfillQrCodes
            trigger={(openBackfill, running) => (
              <OverflowMenu
                label="More event actions"
                triggerClassName="border border-ink/20 bg-white"
                items={[
                  {
                    label: 'Create missing tickets',
                    hint: running
                      ? 'Already running: see its progress here.'
                      : 'Give every attending guest a QR ticket where one is missing.',
                    icon: QrCode,
                    disabled: running,
                    onSelect: openBackfill,
                  },
                ]}
              />
            )}
          />
          <Button ref={createRef} onClick={() => openForm('new')} size="md">
            <Plus aria-hidden="true" />
            Create Event
          </Button>
        </div>
      </div>

      {events.isPending ? (
        <div aria-busy="true">
          <p className="sr-only" role="status">
            Loading events...
          </p>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Card key={i} className="overflow-hidden">
                <Skeleton className="aspect-[16/9] rounded-none" />
                <div className="grid gap-3 p-4">
                  <Skeleton className="h-6 w-3/4" />
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-11" />
                </div>
              </Card>
            ))}
          </div>
        </div>
      ) : events.isError ? (
        <Card className="mx-auto max-w-md">
          <LoadFailed
            layout="panel"
            title={MSG.loadEventsFailed}
            message={toUserMessage(events.error)}
            onRetry={() => events.refetch()}
            retrying={events.isFetching}
          />
        </Card>
      ) : count === 0 ? (
        <Card className="mx-auto max-w-xl p-8 text-center sm:p-10">
          <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-paper text-ink">
            <CalendarPlus className="size-7" aria-hidden="true" />
          </span>
          <h3 className="mt-4 font-display text-2xl font-semibold">Create your first event</h3>
          <p className="mt-2 text-ink/70">
            Give it a title and a date; add an image, a description and tickets when you are ready. You get a page to share and a guest list
            that fills itself.
          </p>
          <Button className="mt-6" size="lg" onClick={() => openForm('new')}>
            <Plus aria-hidden="true" />
            Create Event
          </Button>
        </Card>
      ) : (
        <EventSections events={events.data} onEdit={openForm} onShare={share} onDelete={setDeleting} />
      )}

      <EventFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        event={editing === 'new' ? null : editing}
        // Publishing is a moment (docs/product.md#share-dialog): a save that makes the page live offers to share it.
        onSaved={(saved, before) => {
          if (saved.is_active && !before?.is_active) share(saved, true);
        }}
      />
      <ShareDialog event={sharing?.event ?? null} justPublished={sharing?.published} open={shareOpen} onOpenChange={setShareOpen} />

      <AlertDialog open={deleting !== null} onOpenChange={(o) => !o && !remove.isPending && setDeleting(null)}>
        {deleting ? (
          <AlertDialogContent
            title="Delete this event?"
            description={
              <>
                <strong className="font-semibold text-ink">{deleting.title}</strong>, its page and its guest list will be deleted. This
                action cannot be undone.
              </>
            }
            confirmLabel={remove.isPending ? 'Deleting…' : 'Delete event'}
            busy={remove.isPending}
            onConfirm={confirmDelete}
          />
        ) : null}
      </AlertDialog>
    </section>
  );
}

/** Upcoming first, then Past (docs/product.md#admin-events): an event is past once it has ended (common/event-time.ts). */
function EventSections({
  events,
  onEdit,
  onShare,
  onDelete,
}: {
  events: TEventAdmin[];
  onEdit(e: TEventAdmin): void;
  onShare(e: TEventAdmin): void;
  onDelete(e: TEventAdmin): void;
}) {
  const now = Date.now();
  const past = events.filter((e) => hasEnded(e, now));
  // The list comes latest first: upcoming events read soonest first.
  const upcoming = events.filter((e) => !hasEnded(e, now)).reverse();
  const sections = [
    { id: 'upcoming', title: 'Upcoming', list: upcoming, empty: 'No upcoming events. Create one to get a page to share.' },
    { id: 'past', title: 'Past', list: past, empty: null },
  ];
  return (
    <div className="grid gap-10">
      {sections.map(({ id, title, list, empty }) =>
        list.length === 0 && !empty ? null : (
          <section key={id} aria-labelledby={`events-${id}-heading`}>
            <h3 id={`events-${id}-heading`} className="mb-4 flex items-baseline gap-2 font-display text-xl font-semibold">
              {title}
              <span className="text-sm font-normal text-ink/70">{list.length}</span>
            </h3>
            {list.length === 0 ? (
              <p className="text-ink/70">{empty}</p>
            ) : (
              <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((e) => (
                  <li key={e.id} className="flex min-w-0">
                    <EventCard event={e} onEdit={() => onEdit(e)} onShare={() => onShare(e)} onDelete={() => onDelete(e)} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ),
      )}
    </div>
  );
}
