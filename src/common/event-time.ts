import { DEFAULT_EVENT_HOURS } from './constants.ts';

/** When an event is over: its end, else its start plus DEFAULT_EVENT_HOURS (docs/product.md#event-status). */
export function eventEndsAt(e: { event_date: string | Date; end_date: string | Date | null }): Date {
  if (e.end_date) return new Date(e.end_date);
  return new Date(new Date(e.event_date).getTime() + DEFAULT_EVENT_HOURS * 3_600_000);
}

/** The event has ended: its page says so, it takes no answers or changes, its tickets read "Past event". */
export const hasEnded = (e: { event_date: string | Date; end_date: string | Date | null }, now: number = Date.now()) =>
  eventEndsAt(e).getTime() <= now;
