import { DropdownMenu as M } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { googleCalendarUrl, outlookCalendarUrl, resolveEventWindow } from '../../../common/calendar-links.ts';
import { type AddToCalendarProps, type CalendarSource, calendarTriggerProps } from './calendar-trigger.tsx';

/** The event as the calendar links and the .ics file take it: invalid start → now, no end → start + 4 h. */
function calendarEvent(src: CalendarSource) {
  const { start, end } = resolveEventWindow(src.startISO, src.endISO);
  return { uid: src.uid, title: src.title, description: src.description, location: src.location, url: src.url, start, end };
}

/** Builds event.ics in the browser and saves it (Apple Calendar and every other calendar app open it). */
async function downloadEventIcs(src: CalendarSource) {
  const { buildIcs, downloadIcs } = await import('./ics.ts');
  downloadIcs(buildIcs(calendarEvent(src)), 'event.ics');
}

const ITEM =
  'flex min-h-11 cursor-pointer items-center rounded-lg px-3 text-sm text-ink outline-none select-none data-highlighted:bg-ink/8 focus-visible:bg-ink/8';

/**
 * The add-to-calendar menu itself (docs/product.md#public-event-page), loaded by AddToCalendar on
 * first use. Google and Outlook open their "new event" pages in a new tab; Apple Calendar and the
 * .ics entry download the same file, built in the browser.
 */
export function CalendarMenu({
  source,
  labelled,
  className,
  defaultOpen,
  focusTrigger,
  focusFirstItem,
}: AddToCalendarProps & { defaultOpen: boolean; focusTrigger: boolean; focusFirstItem: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const firstItem = useRef(defaultOpen && focusFirstItem);
  // It replaced the stand-in button that had focus: keep focus where the guest left it.
  useEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus();
  }, [focusTrigger, defaultOpen]);
  const ev = calendarEvent(source);
  const external = (href: string, label: string) => (
    <M.Item asChild className={ITEM}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </M.Item>
  );

  return (
    <M.Root defaultOpen={defaultOpen} modal={false}>
      <M.Trigger asChild>
        <button ref={trigger} {...calendarTriggerProps({ labelled, className })} />
      </M.Trigger>
      <M.Portal>
        <M.Content
          onFocus={(e) => {
            // Opened from the stand-in button by keyboard: Radix focused the menu itself; start on its first entry.
            if (!firstItem.current || e.target !== e.currentTarget) return;
            firstItem.current = false;
            e.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-label="Add to calendar"
          className="z-50 grid min-w-56 gap-0.5 rounded-xl border border-ink/10 bg-white p-1.5 shadow-lg"
        >
          <M.Item className={ITEM} onSelect={() => void downloadEventIcs(source)}>
            Apple Calendar
          </M.Item>
          {external(googleCalendarUrl(ev), 'Google Calendar')}
          {external(outlookCalendarUrl(ev), 'Outlook')}
          <M.Item className={ITEM} onSelect={() => void downloadEventIcs(source)}>
            Download .ics file
          </M.Item>
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
