import { Fragment, useState } from 'react';
import { useLocation, useParams, useSearchParams } from '../lib/nav.tsx';
import { hasEnded } from '../../common/event-time.ts';
import { eventHref, absoluteUrl } from '../../common/hrefs.ts';
import { MSG } from '../../common/messages.ts';
import type { TPublicEvent } from '../../common/schemas/events.ts';
import { LoadFailed, NotFound } from '../components/page-states.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { getPublicEventErrorKind, publicEventIdent, usePublicEvent } from '../lib/queries/get-public-event.ts';
import { AddToCalendar, type CalendarSource } from '../features/events/add-to-calendar.tsx';
import { EventDetails } from '../features/events/event-details.tsx';
import { EventHero } from '../features/events/event-hero.tsx';
import { CalendarXIcon } from '../features/events/guest-icons.tsx';
import { themeStyle } from '../features/events/theme-style.ts';
import { useMyRsvp } from '../features/rsvp/api/get-my-rsvp.ts';
import { LazyRsvpDialog, preloadRsvpDialog } from '../features/rsvp/lazy-rsvp-dialog.tsx';
import { formatPrice } from '../features/rsvp/price.ts';
import { answerButtonText, fullEventNext } from '../features/rsvp/ticket-words.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { lazyPart, usePart } from '../lib/lazy-part.ts';

// The remembered answer's card loads only for a browser that answered (docs/product.md#public-event-page).
const rememberedCard = lazyPart(() => import('../features/rsvp/remembered-rsvp.tsx').then((m) => m.RememberedRsvp));
// /embed/:id, the RSVP form alone in a frame on the host's site (docs/product.md#embedding), loads apart from the page.
const embedView = lazyPart(() => import('./embed.tsx').then((m) => m.EmbeddedForm));

/** /event?id=…, /event?slug=…, /event/:id — the public event page (docs/product.md#public-event-page); /embed/:id. */
export function Component() {
  const embedded = useLocation().pathname.startsWith('/embed/');
  const [search] = useSearchParams();
  const { id } = useParams();
  const ident = publicEventIdent(search, id);
  const query = usePublicEvent(ident);

  if (!ident)
    return (
      <NotFound title={MSG.eventNotFoundTitle} message={MSG.noEventIdentifier} icon={<CalendarXIcon className="size-12 text-ink/30" />} />
    );
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return getPublicEventErrorKind(query.error) === 'not-found' ? (
      <NotFound
        title={MSG.eventNotFoundTitle}
        message={MSG.eventNotFound}
        icon={<CalendarXIcon className="size-12 text-ink/30" />}
        findTicket
      />
    ) : (
      <LoadFailed title={MSG.loadEventFailed} documentTitle="Event" onRetry={() => query.refetch()} retrying={query.isFetching} back />
    );
  }
  return embedded ? <Embedded event={query.data} /> : <EventPage event={query.data} />;
}

function Embedded({ event }: { event: TPublicEvent }) {
  const [failed, setFailed] = useState(false);
  const View = usePart(embedView, true, () => setFailed(true));
  if (failed) return <LoadFailed title={MSG.loadEventFailed} documentTitle="Event" onRetry={() => window.location.reload()} />;
  return View ? <View event={event} /> : <PageLoading />;
}

function PageLoading() {
  useDocumentTitle('Loading event...');
  return <Loading text="Loading event..." />;
}

/**
 * docs/product.md#public-event-page: "12 going · 8 spots left · 3 seats held at checkout" (each only when
 * the event shows it; held seats are not sold yet and come back if their checkout ends unpaid).
 */
function figures(event: TPublicEvent): string[] | null {
  const parts: string[] = [];
  if (event.going !== null) parts.push(`${event.going} going`);
  const left = event.seats_left;
  if (left !== null && left > 0) parts.push(`${left} ${left === 1 ? 'spot' : 'spots'} left`);
  const held = event.seats_held;
  if (held) parts.push(`${held} ${held === 1 ? 'seat' : 'seats'} held at checkout`);
  return parts.length ? parts : null;
}

function EventPage({ event }: { event: TPublicEvent }) {
  useDocumentTitle(`${event.title} | Event`);
  // The description and share tags are in the page's HTML already (the server writes them).
  const [open, setOpen] = useState(false);
  // Each close of the dialog: a card that replaced its RSVP button takes the focus back.
  const [closes, setCloses] = useState(0);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setCloses((n) => n + 1);
  };
  const mine = useMyRsvp(event.id);
  // The card's code downloads while the answer is fetched; if it cannot, the page offers the RSVP button.
  const [cardFailed, setCardFailed] = useState(false);
  const Card = usePart(rememberedCard, mine.isLoading || Boolean(mine.data?.rsvp), () => setCardFailed(true));
  const remembered = cardFailed ? null : (mine.data?.rsvp ?? null);
  const checking = !cardFailed && (mine.isLoading || (remembered !== null && !Card));
  const ended = hasEnded(event);
  const full = event.seats_left === 0;
  const counts = figures(event);
  const bar = !ended && !remembered && !checking;
  const calendar: CalendarSource = {
    uid: `${event.id}@turnout`,
    title: event.title,
    description: event.main_body_intro,
    location: event.location,
    url: absoluteUrl(window.location.origin, eventHref(event)),
    startISO: event.event_date,
    endISO: event.end_date,
  };

  return (
    <div style={themeStyle(event.theme?.colors)} className="min-h-dvh">
      <main className="mx-auto max-w-3xl pb-8 sm:px-6 sm:pt-10 sm:pb-16 lg:grid lg:max-w-6xl lg:grid-cols-[minmax(0,1fr)_22rem] lg:content-start lg:gap-x-12">
        <EventHero image={event.image_url} preview={event.preview_image_url} className="lg:col-start-1" />

        <header className="px-5 pt-6 sm:px-0 sm:pt-8 lg:col-start-1">
          <h1 className="font-display text-4xl leading-tight font-bold tracking-tight break-words sm:text-5xl">{event.title}</h1>
          {event.subtitle ? <p className="mt-2 text-lg opacity-80 sm:text-xl">{event.subtitle}</p> : null}
          {/* docs/product.md#public-event-page: "Hosted by …", written by the server. */}
          {event.host_line ? <p className="mt-2 opacity-80">{event.host_line}</p> : null}
        </header>

        {/* docs/product.md#public-event-page: on desktop a sticky card beside the content, on phones after the title. */}
        <section
          aria-label="Date, place and RSVP"
          className="mx-5 mt-6 grid content-start gap-4 rounded-2xl border border-current/15 p-4 sm:mx-0 sm:p-5 lg:sticky lg:top-8 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:mt-0 lg:self-start lg:shadow-sm"
        >
          <EventDetails start={event.event_date} end={event.end_date} timezone={event.timezone} location={event.location} />
          {event.is_paid_event && event.ticket_price !== null ? (
            <p>
              <span className="font-semibold">{formatPrice(event.ticket_price, event.currency)}</span> per ticket
            </p>
          ) : null}
          {counts ? (
            <p className="text-sm font-semibold">
              {/* Each figure kept whole on a narrow screen: "3 seats held at checkout" never breaks. */}
              {counts.map((part, i) => (
                <Fragment key={part}>
                  {i > 0 ? ' · ' : null}
                  <span className="whitespace-nowrap">{part}</span>
                </Fragment>
              ))}
            </p>
          ) : null}
          {ended || remembered ? null : (
            <div className="flex">
              <AddToCalendar labelled className="border border-current/20" source={calendar} />
            </div>
          )}

          {/* On phones the RSVP button sits in a bar at the bottom: no rule above an empty section. */}
          <div className={bar ? 'grid gap-3 border-current/15 sm:border-t sm:pt-4' : 'grid gap-3 border-t border-current/15 pt-4'}>
            {ended && !remembered && !checking ? (
              <p className="text-lg font-semibold" data-testid="event-ended">
                {MSG.eventEnded}
              </p>
            ) : null}
            {checking ? <div className="h-24 animate-pulse rounded-xl bg-current/10" aria-hidden="true" /> : null}
            {remembered && Card ? (
              <Card
                rsvp={remembered}
                ended={ended}
                paidEvent={event.is_paid_event}
                calendar={<AddToCalendar source={calendar} labelled className="border border-current/25" />}
                focusAfter={closes}
              />
            ) : null}
            {bar ? (
              <div className="fixed inset-x-0 bottom-0 z-30 border-t border-current/10 bg-(--event-bg)/95 px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
                {event.call_to_action ? (
                  <p className="mb-2 text-center text-sm font-medium sm:mb-3 sm:text-left sm:text-base">{event.call_to_action}</p>
                ) : null}
                {/* docs/product.md#capacity: full is not a dead end; the button still opens the dialog for Maybe and No. */}
                {full ? (
                  <p className="mb-2 text-center text-sm sm:text-left" role="status">
                    <strong className="font-semibold">{MSG.capacityReached}</strong> {fullEventNext(event)}
                  </p>
                ) : null}
                <button
                  type="button"
                  onClick={() => setOpen(true)}
                  onPointerEnter={preloadRsvpDialog}
                  onFocus={preloadRsvpDialog}
                  className="min-h-12 w-full cursor-pointer rounded-xl bg-(--event-accent) px-8 text-lg font-semibold text-(--event-on-accent) shadow-sm transition hover:brightness-110 focus-visible:outline-offset-4"
                >
                  {answerButtonText(event)}
                </button>
              </div>
            ) : null}
          </div>
        </section>

        <div className="px-5 sm:px-0 lg:col-start-1">
          {event.main_body_intro ? (
            <p className="mt-8 text-lg leading-relaxed whitespace-pre-line sm:text-xl">{event.main_body_intro}</p>
          ) : null}
          {event.main_body_description ? (
            <div className="mt-6 leading-relaxed whitespace-pre-line opacity-90">{event.main_body_description}</div>
          ) : null}
        </div>
      </main>
      <footer className={bar ? 'px-5 pb-40 text-center text-xs opacity-70 sm:pb-8' : 'px-5 pb-8 text-center text-xs opacity-70'}>
        Made with Turnout
      </footer>
      <LazyRsvpDialog event={event} open={open} onOpenChange={onOpenChange} />
    </div>
  );
}
