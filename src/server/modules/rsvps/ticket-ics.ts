import { eventEndsAt } from '../../../common/event-time.ts';
import { buildIcs } from '../../../common/ics.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';

type IcsStatus = 'confirmed' | 'maybe' | 'cancelled';
const ICS_STATUS = { confirmed: 'CONFIRMED', maybe: 'TENTATIVE', cancelled: 'CANCELLED' } as const;

/**
 * The calendar entry attached to confirmation e-mails: start and end in UTC (end defaults to start
 * + 4 h, docs/product.md#limits-and-constants), one UID per event (each guest has one RSVP per event) and the RSVP's revision as
 * SEQUENCE, so an updated answer replaces the entry (a decline: STATUS:CANCELLED). It links the event page, not the ticket: a
 * calendar is often shared, a ticket link is a bearer secret. Built for every e-mail (cheap next to
 * the QR image beside it) by common/ics.ts: any stored text or date gives a clean file, never a throw.
 */
export function buildTicketIcs(opts: { event: RsvpEvent; revision: number; status: IcsStatus; eventUrl: string; host: string }): string {
  const start = opts.event.event_date;
  const end = eventEndsAt(opts.event);
  return buildIcs({
    uid: `event-${opts.event.id}@${opts.host}`,
    title: opts.event.title,
    description: [opts.event.subtitle, opts.eventUrl].filter(Boolean).join('\n\n'),
    location: opts.event.location,
    url: opts.eventUrl,
    start,
    end,
    sequence: opts.revision,
    status: ICS_STATUS[opts.status],
  });
}
