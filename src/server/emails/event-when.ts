import { zonedFormat } from '../../common/zoned-format.ts';

/**
 * When an event happens, as the e-mails print it: in the event's own time zone, named
 * ("Saturday, May 3, 2025 · 5:00 – 11:00 PM CDT"); an end the next morning reads as an overnight event,
 * a later one repeats the date; no end date, no end (the 4 hours calendars assume are not the host's word).
 */

const formatsFor = (timeZone: string) => ({
  date: zonedFormat('mail-date', timeZone, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
  time: zonedFormat('mail-time', timeZone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  clock: zonedFormat('mail-clock', timeZone, { hour: 'numeric', minute: '2-digit' }),
});

/** ICU's thin and narrow no-break spaces as plain ones: some mail clients draw them as boxes. */
const plainSpaces = (s: string) => s.replace(/[\u2009\u202f]/g, ' ');

const DAY_MS = 86_400_000;

const valid = (d: Date | null | undefined): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

export function formatEventWhen(start: Date, end: Date | null, timeZone: string): string {
  const f = formatsFor(timeZone);
  const day = f.date.format(start);
  if (!valid(end) || end.getTime() <= start.getTime()) return plainSpaces(`${day} · ${f.time.format(start)}`);
  const endDay = f.date.format(end);
  if (endDay === day) return plainSpaces(`${day} · ${f.time.formatRange(start, end)}`);
  // Overnight: "Saturday, June 21, 2031 · 7:30 PM – 1:00 AM BST".
  if (end.getTime() - start.getTime() < DAY_MS) return plainSpaces(`${day} · ${f.clock.format(start)} – ${f.time.format(end)}`);
  return plainSpaces(`${day} · ${f.time.format(start)} – ${endDay} · ${f.time.format(end)}`);
}

/** One instant as the e-mails print it, in the event's time zone: "Sunday, June 22, 2031 · 6:00 PM BST" (a waitlist offer's deadline). */
export function formatMoment(at: Date, timeZone: string): string {
  const f = formatsFor(timeZone);
  return plainSpaces(`${f.date.format(at)} · ${f.time.format(at)}`);
}
