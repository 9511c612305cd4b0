import { useRef, useState } from 'react';
import { lazyPart, reportLoadFailure, usePart } from '../../lib/lazy-part.ts';
import { type AddToCalendarProps, calendarTriggerProps } from './calendar-trigger.tsx';

export type { AddToCalendarProps, CalendarSource } from './calendar-trigger.tsx';

const menu = lazyPart(() => import('./calendar-menu.tsx').then((m) => m.CalendarMenu));

/**
 * docs/product.md#public-event-page: "Add to calendar" opens a menu of Apple Calendar, Google
 * Calendar, Outlook and an .ics file, on every device. The menu (Radix DropdownMenu: arrow keys,
 * Escape, focus returned) loads on the first hover, focus or click, off the guest pages' first load;
 * until then this button stands in for its trigger, and a click on it opens the menu once it is there.
 */
export function AddToCalendar(props: AddToCalendarProps) {
  const [wanted, setWanted] = useState<false | 'show' | 'open'>(false);
  const focused = useRef(false);
  const opening = useRef(false);
  const byKeyboard = useRef(false);
  const stand = useRef<HTMLButtonElement>(null);
  // A failed download is reported only to a click; the next hover, focus or click tries again.
  const Menu = usePart(menu, wanted !== false, () => {
    if (opening.current) void reportLoadFailure('The calendar menu');
    opening.current = false;
    setWanted(false);
  });

  if (Menu) return <Menu {...props} defaultOpen={wanted === 'open'} focusTrigger={focused.current} focusFirstItem={byKeyboard.current} />;
  const want = (how: 'show' | 'open') => {
    focused.current = document.activeElement === stand.current;
    if (how === 'open') opening.current = true;
    setWanted((w) => (w === 'open' ? w : how));
  };
  return (
    <button
      ref={stand}
      {...calendarTriggerProps(props)}
      aria-expanded={false}
      onPointerEnter={() => want('show')}
      onFocus={() => want('show')}
      // Radix's trigger opens on the press, not the click: a press here must open the menu even when its
      // code arrives before the click does (the click then lands on a trigger that ignores clicks).
      onPointerDown={(e) => {
        if (e.button !== 0 || e.ctrlKey) return;
        byKeyboard.current = false;
        want('open');
      }}
      onClick={(e) => {
        byKeyboard.current = e.detail === 0; // Enter or Space: the menu opens on its first item, as Radix's own trigger does
        want('open');
      }}
    />
  );
}
