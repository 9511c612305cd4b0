import { buildIcs } from '../../../common/ics.ts';
import { icsUtc } from '../../../common/ics-time.ts';
import { eventIcsEntry } from '../../domain/event-calendar.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';

type IcsStatus = 'confirmed' | 'maybe' | 'cancelled';
const ICS_STATUS = { confirmed: 'CONFIRMED', maybe: 'TENTATIVE', cancelled: 'CANCELLED' } as const;

const STAMP_LINE = `\r\nDTSTAMP:${icsUtc(new Date(0))}\r\n`;
const SEQUENCE_LINE = '\r\nSEQUENCE:0\r\n';

/**
 * The calendar entry attached to confirmation e-mails: the event's entry (domain/event-calendar.ts:
 * start and end in UTC, end defaulting to start + 4 h per docs/product.md#limits-and-constants, one UID
 * per event, the event page as link, never the ticket: a calendar is often shared, a ticket link is a
 * bearer secret) with the RSVP's revision as SEQUENCE, so an updated answer replaces the entry (a
 * decline: STATUS:CANCELLED). Built by common/ics.ts: any stored text or date gives a clean file, never a throw.
 *
 * Returned as a function of the revision and the time stamp: the file is built once per event and
 * status (confirmation-email.ts keeps it beside the rendered e-mail) and only those two lines change
 * per guest. They come before any stored text and stored text never holds a line break, so each
 * placeholder line is found exactly once.
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
