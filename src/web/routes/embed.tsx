import { useEffect } from 'react';
import { hasEnded } from '../../common/event-time.ts';
import { eventHref } from '../../common/hrefs.ts';
import { MSG } from '../../common/messages.ts';
import type { TPublicEvent } from '../../common/schemas/events.ts';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { themeStyle } from '../features/events/theme-style.ts';
import { LazyRsvpDialog } from '../features/rsvp/lazy-rsvp-dialog.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';

/** What the host page's script (public/embed.js) listens for: this frame's content height. */
const HEIGHT_MESSAGE = 'turnout:embed-height';

/**
 * /embed/:id — the RSVP form alone, for a frame on the host's own site (docs/product.md#embedding); the
 * event page's start-up loads it (routes/event.tsx). It tells the page around it how tall it is, and opens
 * every link in a new tab: the other pages of this site refuse to be framed.
 */
export function EmbeddedForm({ event }: { event: TPublicEvent }) {
  useDocumentTitle(`RSVP: ${event.title}`);
  useFrameHeight();
  useEffect(() => {
    const base = document.createElement('base');
    base.target = '_blank';
    document.head.append(base);
    return () => base.remove();
  }, []);
  const ended = hasEnded(event);
  // A paid event's checkout is a page of its own that no site may frame: the event page sells its tickets.
  const elsewhere = ended || event.is_paid_event;
  return (
    <main style={themeStyle(event.theme?.colors)} className="grid gap-4 p-5">
      {elsewhere ? (
        <section className="grid gap-3" aria-labelledby="embed-title">
          <h1 id="embed-title" className="font-display text-2xl font-semibold">
            {event.title}
          </h1>
          {ended ? (
            <p>{MSG.eventEndedText}</p>
          ) : (
            <>
              <p>Tickets are sold on the event page.</p>
              <a href={eventHref(event)} className={buttonVariants({ variant: 'primary', size: 'lg' })}>
                Get tickets (opens a new tab)
              </a>
            </>
          )}
        </section>
      ) : (
        <LazyRsvpDialog event={event} open onOpenChange={() => {}} inline />
      )}
    </main>
  );
}

/**
 * Tells the embedding page how tall the content is whenever it changes (public/embed.js resizes the frame).
 * The content's own height: the body is at least as tall as the frame, which would never let it shrink.
 */
function useFrameHeight() {
  useEffect(() => {
    const root = document.getElementById('root');
    if (window.parent === window || !root) return;
    let last = 0;
    const report = () => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last || height === 0) return;
      last = height;
      // The page around us may be any of the host's sites: the message holds nothing but a height.
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
    };
    const observer = new ResizeObserver(report);
    observer.observe(root);
    report();
    return () => observer.disconnect();
  }, []);
}
