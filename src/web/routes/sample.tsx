import { lazy, Suspense, useState } from 'react';
import { Link } from '../lib/nav.tsx';
import { MSG } from '../../common/messages.ts';
import { DEFAULT_RSVP_BUTTON_TEXT } from '../../common/constants.ts';
import { absoluteUrl, sampleHref } from '../../common/hrefs.ts';
import { SAMPLE_PRODUCT } from '../../common/routes.ts';
import { SAMPLE_EVENT_CONTENT } from '../../common/sample-event.ts';
import type { TPublicEvent, TThemeColors } from '../../common/schemas/events.ts';
import { LoadFailed } from '../components/page-states.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { AddToCalendar } from '../features/events/add-to-calendar.tsx';
import { EventDetails } from '../features/events/event-details.tsx';
import { usePublicEvent } from '../lib/queries/get-public-event.ts';
import { EventHero } from '../features/events/event-hero.tsx';
import { resolveEventWindow } from '../../common/event-time.ts';
import { themeStyle } from '../features/events/theme-style.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { errorCode } from '../lib/error-code.ts';

// The modal (Radix Dialog, toasts) loads on first use, keeping this page's first load small.
const loadDialog = () => import('../features/events/legacy-rsvp-dialog.tsx');
const LegacyRsvpDialog = lazy(() => loadDialog().then((m) => ({ default: m.LegacyRsvpDialog })));
const preloadDialog = () => void loadDialog();

/** The landing template's props (docs/product.md#sample-event). */
export type LandingProps = {
  /** null: the sample event is not seeded yet (no owner account): the fixed content, RSVP closed. */
  id: string | null;
  title: string;
  subtitle: string | null;
  hostLine: string;
  imageUrl: string | null;
  previewImageUrl: string | null;
  introText: string | null;
  ctaLine: string | null;
  location: string | null;
  startDateISO: string;
  endDateISO: string;
  timezone: string;
  rsvpText: string;
  themeColors: TThemeColors | null;
};

/** The seeded sample event as template props; docs/product.md#sample-event: invalid start → now, missing end → start + 4 h. */
export function landingProps(e: TPublicEvent): LandingProps {
  const { start, end } = resolveEventWindow(e.event_date, e.end_date);
  return {
    id: e.id,
    title: e.title,
    subtitle: e.subtitle,
    hostLine: e.host_line ?? SAMPLE_EVENT_CONTENT.host_line,
    imageUrl: e.image_url,
    previewImageUrl: e.preview_image_url,
    introText: e.main_body_intro,
    ctaLine: e.call_to_action,
    location: e.location,
    startDateISO: start.toISOString(),
    endDateISO: end.toISOString(),
    timezone: e.timezone,
    rsvpText: e.rsvp_button_text?.trim() || DEFAULT_RSVP_BUTTON_TEXT,
    themeColors: e.theme?.colors ?? null,
  };
}

/** Before the owner account exists nobody can own the sample event: the page shows its fixed text. */
function unseededProps(): LandingProps {
  const S = SAMPLE_EVENT_CONTENT;
  return {
    id: null,
    title: S.title,
    subtitle: S.subtitle,
    hostLine: S.host_line,
    imageUrl: null,
    previewImageUrl: null,
    introText: S.main_body_intro,
    ctaLine: S.call_to_action,
    location: S.location,
    startDateISO: S.startISO,
    endDateISO: S.endISO,
    timezone: S.timezone,
    rsvpText: S.rsvp_button_text,
    themeColors: null,
  };
}

/** /sample: the fixed landing page of the seeded sample event (docs/product.md#sample-event). */
export function Component() {
  const query = usePublicEvent({ idOrSlug: SAMPLE_PRODUCT });
  if (query.isPending) return <Loading text="Loading event..." />;
  if (errorCode(query.error) === 'not_found') return <Landing {...unseededProps()} />;
  if (query.isError) {
    return <LoadFailed title={MSG.loadEventFailed} documentTitle="Event" onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  return <Landing {...landingProps(query.data)} />;
}

function Landing(p: LandingProps) {
  useDocumentTitle(`${p.title} | Event`);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  return (
    <div style={themeStyle(p.themeColors)} className="flex min-h-dvh flex-col">
      <main className="mx-auto w-full max-w-3xl flex-1 px-5 pt-8 pb-12 sm:px-6 sm:pt-14">
        <header className="text-center">
          <p className="text-sm font-medium tracking-[0.18em] uppercase opacity-75">{p.hostLine}</p>
          <h1 className="mt-3 font-display text-4xl leading-tight font-bold tracking-tight sm:text-6xl">{p.title}</h1>
          {p.subtitle ? <p className="mt-3 text-lg opacity-80 sm:text-2xl">{p.subtitle}</p> : null}
        </header>

        <EventHero image={p.imageUrl} preview={p.previewImageUrl} className="-mx-5 mt-8 sm:mx-0" />

        {p.introText ? (
          <p className="mx-auto mt-8 max-w-2xl text-center text-lg leading-relaxed whitespace-pre-line sm:text-xl">{p.introText}</p>
        ) : null}

        <div className="mx-auto mt-8 flex max-w-xl items-center justify-between gap-4 rounded-2xl border border-current/15 p-4 sm:p-5">
          <EventDetails start={p.startDateISO} end={p.endDateISO} timezone={p.timezone} location={p.location} />
          <AddToCalendar
            className="shrink-0 self-start border border-current/20"
            source={{
              uid: `${p.id ?? SAMPLE_PRODUCT}@turnout`,
              title: p.title,
              description: p.introText,
              location: p.location,
              url: absoluteUrl(window.location.origin, sampleHref()),
              startISO: p.startDateISO,
              endISO: p.endDateISO,
            }}
          />
        </div>

        <div className="mt-10 text-center">
          {p.ctaLine ? <p className="mb-4 text-lg font-medium">{p.ctaLine}</p> : null}
          <button
            type="button"
            disabled={!p.id}
            aria-describedby={p.id ? undefined : 'rsvp-closed'}
            onClick={() => {
              setMounted(true);
              setOpen(true);
            }}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
            className="min-h-12 w-full cursor-pointer rounded-xl bg-(--event-accent) px-10 text-lg font-semibold text-(--event-on-accent) shadow-sm transition hover:brightness-110 focus-visible:outline-offset-4 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
          >
            {p.rsvpText}
          </button>
          {p.id ? null : (
            <p id="rsvp-closed" className="mt-3 text-sm opacity-80">
              RSVPs open once this Turnout has its owner account.{' '}
              <Link to="/auth" className="font-medium underline underline-offset-4">
                Set it up
              </Link>
            </p>
          )}
        </div>
      </main>

      <footer className="border-t border-current/10 px-5 py-6 text-center text-sm">
        <nav aria-label="Turnout" className="flex justify-center gap-1">
          {[
            ['/auth', 'Sign In'],
            ['/auth/admin', 'Admin'],
            ['/', 'Dashboard'],
          ].map(([to, label]) => (
            <Link
              key={to}
              to={to!}
              className="inline-flex min-h-11 items-center rounded-lg px-3 underline-offset-4 opacity-80 hover:underline hover:opacity-100"
            >
              {label}
            </Link>
          ))}
        </nav>
        <p className="mt-2 text-xs opacity-75">© {new Date().getFullYear()} Turnout. All rights reserved.</p>
      </footer>

      {mounted && p.id ? (
        <Suspense fallback={<OpeningOverlay />}>
          <LegacyRsvpDialog eventId={p.id} eventTitle={p.title} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}

function OpeningOverlay() {
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-ink/30" role="status" aria-live="polite">
      <span className="rounded-xl bg-white px-4 py-3 text-sm text-ink shadow-lg">Loading...</span>
    </div>
  );
}
