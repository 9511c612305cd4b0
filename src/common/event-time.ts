import { DEFAULT_EVENT_HOURS } from './constants.ts';

const HOUR_MS = 3_600_000;

/** When an event is over: its end, else its start plus DEFAULT_EVENT_HOURS (docs/product.md#event-status). */
export function eventEndsAt(e: { event_date: string | Date; end_date: string | Date | null }): Date {
  if (e.end_date) return new Date(e.end_date);
  return new Date(new Date(e.event_date).getTime() + DEFAULT_EVENT_HOURS * HOUR_MS);
}

/** The event has ended: its page says so, it takes no answers or changes, its tickets read "Past event". */
export const hasEnded = (e: { event_date: string | Date; end_date: string | Date | null }, now: number = Date.now()) =>
  eventEndsAt(e).getTime() <= now;

/** docs/product.md#sample-event: an invalid start falls back to now; a missing (or unusable) end is start + 4 hours. */
export function resolveEventWindow(
  startISO: string | null | undefined,
  endISO: string | null | undefined,
  now: Date = new Date(),
): { start: Date; end: Date } {
  const s = startISO ? Date.parse(startISO) : Number.NaN;
  const start = new Date(Number.isNaN(s) ? now.getTime() : s);
  const e = endISO ? Date.parse(endISO) : Number.NaN;
  const end = !Number.isNaN(e) && e > start.getTime() ? new Date(e) : new Date(start.getTime() + DEFAULT_EVENT_HOURS * HOUR_MS);
  return { start, end };
}
