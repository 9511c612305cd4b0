import { clsx as cn } from 'clsx';
import { CalendarPlusIcon } from './guest-icons.tsx';

/** The event an "Add to calendar" button adds (docs/product.md#public-event-page); no end: start + 4 h. */
export type CalendarSource = {
  uid: string;
  title: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  startISO?: string | null;
  endISO?: string | null;
};

export type AddToCalendarProps = {
  source: CalendarSource;
  /** An icon button (44 px, "Add to calendar" for screen readers) unless labelled. */
  labelled?: boolean;
  className?: string;
};

/** The trigger's look, the same before and after the menu's code arrives. */
export function calendarTriggerProps({ labelled, className }: Omit<AddToCalendarProps, 'source'>) {
  return {
    type: 'button' as const,
    'aria-label': labelled ? undefined : 'Add to calendar',
    'aria-haspopup': 'menu' as const,
    title: labelled ? undefined : 'Add to calendar',
    className: cn(
      'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2 rounded-full transition-colors hover:bg-current/10 focus-visible:outline-offset-2',
      labelled && 'px-4 text-sm font-medium',
      className,
    ),
    children: (
      <>
        <CalendarPlusIcon className="size-5" />
        {labelled ? 'Add to calendar' : null}
      </>
    ),
  };
}
