import { CalendarDays, CalendarX2, MapPin, Ticket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from '../lib/nav.tsx';
import { DEFAULT_RSVP_BUTTON_TEXT } from '../../common/constants.ts';
import { eventHref, absoluteUrl } from '../../common/hrefs.ts';
import { MSG } from '../../common/messages.ts';
import type { TPublicEvent } from '../../common/schemas/events.ts';
import { LoadFailed, NotFound } from '../components/page-states.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { getPublicEventErrorKind, publicEventIdent, usePublicEvent } from '../features/events/api/get-public-event.ts';
import { AddToCalendarButton } from '../features/events/add-to-calendar.tsx';
import { formatEventWhen } from '../lib/datetime.ts';
import { EventHero } from '../features/events/event-hero.tsx';
import { themeStyle } from '../features/events/theme-style.ts';
import { LazyRsvpDialog, preloadRsvpDialog } from '../features/rsvp/lazy-rsvp-dialog.tsx';
import { formatPrice } from '../features/rsvp/format.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { Detail } from '../components/ui/detail.tsx';

/** /event?id=…, /event?slug=…, /event/:id — the public event page (docs/product.md#public-event-page). */
export function Component() {
  const [search] = useSearchParams();
  const { id } = useParams();
  const ident = publicEventIdent(search, id);
  const query = usePublicEvent(ident);

  if (!ident)
    return (
      <NotFound
        title={MSG.eventNotFoundTitle}
        message={MSG.noEventIdentifier}
        icon={<CalendarX2 className="size-12 text-ink/30" aria-hidden="true" />}
      />
    );
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return getPublicEventErrorKind(query.error) === 'not-found' ? (
      <NotFound
        title={MSG.eventNotFoundTitle}
        message={MSG.eventNotFound}
        icon={<CalendarX2 className="size-12 text-ink/30" aria-hidden="true" />}
      />
    ) : (
      <LoadFailed title={MSG.loadEventFailed} documentTitle="Event" onRetry={() => query.refetch()} retrying={query.isFetching} back />
    );
  }
  return <EventPage event={query.data} />;
}

function PageLoading() {
  useDocumentTitle('Loading event...');
  return <Loading text="Loading event..." />;
}

function useMetaDescription(text: string | null | undefined) {
  useEffect(() => {
    if (!text) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (meta) meta.content = text.slice(0, 300);
  }, [text]);
}

function EventPage({ event }: { event: TPublicEvent }) {
  useDocumentTitle(`${event.title} | Event`);
  useMetaDescription(event.main_body_intro ?? event.subtitle ?? event.main_body_description);
  const [open, setOpen] = useState(false);
  const when = formatEventWhen(event.event_date, event.end_date, event.timezone);
  const full = event.seats_left === 0;
  const buttonText = event.rsvp_button_text?.trim() || DEFAULT_RSVP_BUTTON_TEXT;

  return (
    <div style={themeStyle(event.theme?.colors)} className="min-h-dvh">
      <main className="mx-auto max-w-3xl pb-8 sm:px-6 sm:pt-10 sm:pb-16">
        <EventHero image={event.image_url} preview={event.preview_image_url} />

        <article className="px-5 pt-6 sm:px-0 sm:pt-8">
          <header>
            <h1 className="font-display text-4xl leading-tight font-bold tracking-tight break-words sm:text-5xl">{event.title}</h1>
            {event.subtitle ? <p className="mt-2 text-lg opacity-80 sm:text-xl">{event.subtitle}</p> : null}
          </header>

          <div className="mt-6 grid gap-4 rounded-2xl border border-current/15 p-4 sm:p-5">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail icon={CalendarDays} label="Date and time">
                <dd>
                  <span className="block font-semibold">{when.date}</span>
                  <span className="block opacity-80">{when.time}</span>
                </dd>
              </Detail>
              {event.location ? (
                <Detail icon={MapPin} label="Location">
                  <dd className="min-w-0 font-semibold break-words">{event.location}</dd>
                </Detail>
              ) : null}
              {event.is_paid_event && event.ticket_price !== null ? (
                <Detail icon={Ticket} label="Ticket price">
                  <dd className="font-semibold">{formatPrice(event.ticket_price, event.currency)} per guest</dd>
                </Detail>
              ) : null}
            </dl>
            <div className="flex items-center">
              <AddToCalendarButton
                labelled
                className="border border-current/20"
                source={{
                  uid: `${event.id}@turnout`,
                  title: event.title,
                  description: event.main_body_intro,
                  location: event.location,
                  url: absoluteUrl(window.location.origin, eventHref(event)),
                  startISO: event.event_date,
                  endISO: event.end_date,
                }}
              />
            </div>
          </div>

          {event.main_body_intro ? (
            <p className="mt-8 text-lg leading-relaxed whitespace-pre-line sm:text-xl">{event.main_body_intro}</p>
          ) : null}
          {event.main_body_description ? (
            <div className="mt-6 leading-relaxed whitespace-pre-line opacity-90">{event.main_body_description}</div>
          ) : null}

          <div className="fixed inset-x-0 bottom-0 z-30 border-t border-current/10 bg-(--event-bg)/95 px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mt-10 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
            {event.call_to_action ? (
              <p className="mb-2 text-center text-sm font-medium sm:mb-4 sm:text-left sm:text-lg">{event.call_to_action}</p>
            ) : null}
            {full ? (
              <p className="mb-2 text-center text-sm font-medium sm:text-left" role="status">
                {MSG.capacityReached}
              </p>
            ) : null}
            <button
              type="button"
              onClick={() => setOpen(true)}
              onPointerEnter={preloadRsvpDialog}
              onFocus={preloadRsvpDialog}
              disabled={full}
              className="min-h-12 w-full cursor-pointer rounded-xl bg-(--event-accent) px-8 text-lg font-semibold text-(--event-on-accent) shadow-sm transition hover:brightness-110 focus-visible:outline-offset-4 disabled:cursor-not-allowed disabled:opacity-50 sm:w-auto"
            >
              {buttonText}
            </button>
          </div>
        </article>
      </main>
      <footer className="px-5 pb-40 text-center text-xs opacity-70 sm:pb-8">Made with Turnout</footer>
      <LazyRsvpDialog event={event} open={open} onOpenChange={setOpen} />
    </div>
  );
}
