import { CalendarPlus } from 'lucide-react';
import { MOBILE_BREAKPOINT_PX } from '../../../common/constants.ts';
import { clsx as cn } from 'clsx';
import { googleCalendarUrl, resolveEventWindow } from '../../../common/calendar-links.ts';

export type CalendarSource = {
  uid: string;
  title: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  startISO?: string | null;
  endISO?: string | null;
};

/**
 * docs/product.md#public-event-page: under 768 px wide, open a calendar template in a new tab; wider, download event.ics.
 * Both built in the browser from the same event window (invalid start → now, no end → +4 h).
 * The tab opens within the click (popup blockers); the .ics builder loads on first use, off the
 * guest pages' first load.
 */
export async function addToCalendar(src: CalendarSource): Promise<void> {
  const { start, end } = resolveEventWindow(src.startISO, src.endISO);
  const ev = { uid: src.uid, title: src.title, description: src.description, location: src.location, url: src.url, start, end };
  if (window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`).matches) {
    window.open(googleCalendarUrl(ev), '_blank', 'noopener,noreferrer');
  } else {
    const { buildIcs, downloadIcs } = await import('./ics.ts');
    downloadIcs(buildIcs(ev), 'event.ics');
  }
}

/** An icon button (44 px) or a labelled button that adds the event to the guest's calendar. */
export function AddToCalendarButton({ source, className, labelled }: { source: CalendarSource; className?: string; labelled?: boolean }) {
  return (
    <button
      type="button"
      onClick={() => void addToCalendar(source)}
      aria-label={labelled ? undefined : 'Add to calendar'}
      title="Add to calendar"
      className={cn(
        'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2 rounded-full transition-colors hover:bg-current/10',
        labelled && 'px-4 text-sm font-medium',
        className,
      )}
    >
      <CalendarPlus className="size-5" aria-hidden="true" />
      {labelled ? 'Add to calendar' : null}
    </button>
  );
}
