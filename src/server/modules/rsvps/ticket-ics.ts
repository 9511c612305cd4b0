import { buildIcs } from '../../../common/ics.ts';
import { icsUtc } from '../../../common/ics-time.ts';
import { eventIcsEntry } from '../../domain/event-calendar.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';

type IcsStatus = 'confirmed' | 'maybe' | 'cancelled';
const ICS_STATUS = { confirmed: 'CONFIRMED', maybe: 'TENTATIVE', cancelled: 'CANCELLED' } as const;

const STAMP_LINE = `\r\nDTSTAMP:${icsUtc(new Date(0))}\r\n`;
const SEQUENCE_LINE = '\r\nSEQUENCE:0\r\n';

/**
 * The calendar entry of confirmation e-mails: the event's entry (domain/event-calendar.ts; the
 * event page as link, never the ticket, since calendars are shared) with the RSVP's revision as SEQUENCE,
 * so an update replaces it (a decline cancels it). Built once per event and status; only the SEQUENCE and
 * DTSTAMP lines, placed before any stored text, change per guest.
 */
export function ticketIcsTemplate(opts: {
  event: RsvpEvent;
  status: IcsStatus;
  baseUrl: string;
}): (revision: number, now?: Date) => string {
  const ics = buildIcs({ ...eventIcsEntry(opts.event, opts.baseUrl), sequence: 0, status: ICS_STATUS[opts.status] }, new Date(0));
  return (revision, now = new Date()) =>
    ics
      .replace(STAMP_LINE, `\r\nDTSTAMP:${icsUtc(now)}\r\n`)
      .replace(SEQUENCE_LINE, `\r\nSEQUENCE:${Number.isSafeInteger(revision) && revision >= 0 ? revision : 0}\r\n`);
}

/** One guest's calendar file (ticketIcsTemplate, built and filled at once). */
export const buildTicketIcs = (opts: { event: RsvpEvent; revision: number; status: IcsStatus; baseUrl: string; now?: Date }) =>
  ticketIcsTemplate(opts)(opts.revision, opts.now);
