import { DEFAULT_EVENT_HOURS } from '../../../common/constants.ts';
import { buildIcs } from '../../../common/ics.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';

type IcsStatus = 'confirmed' | 'maybe' | 'cancelled';
const ICS_STATUS = { confirmed: 'CONFIRMED', maybe: 'TENTATIVE', cancelled: 'CANCELLED' } as const;

/** Per loaded event object (refreshed every few seconds): RSVP rushes build each variant once. */
const built = new WeakMap<RsvpEvent, Map<string, string>>();

/**
 * The calendar entry attached to confirmation e-mails: start and end in UTC (end defaults to start
 * + 4 h, SPEC §9), one UID per event (each guest has one RSVP per event) and the RSVP's revision as
 * SEQUENCE, so an updated answer replaces the entry (a decline: STATUS:CANCELLED). It links the event page, not the ticket: a
 * calendar is often shared, a ticket link is a bearer secret. Depending only on (event, status,
 * revision), it is built once per variant. Built by common/ics.ts: any stored text or date gives a
 * clean file, never a throw.
 */
export function buildTicketIcs(opts: { event: RsvpEvent; revision: number; status: IcsStatus; eventUrl: string; host: string }): string {
  let variants = built.get(opts.event);
  if (!variants) {
    variants = new Map();
    built.set(opts.event, variants);
  }
  const key = `${opts.status}:${opts.revision}:${opts.eventUrl}:${opts.host}`;
  let ics = variants.get(key);
  if (!ics) {
    ics = createIcs(opts);
    variants.set(key, ics);
  }
  return ics;
}

function createIcs(opts: { event: RsvpEvent; revision: number; status: IcsStatus; eventUrl: string; host: string }): string {
  const start = opts.event.event_date;
  const end = opts.event.end_date ?? new Date(start.getTime() + DEFAULT_EVENT_HOURS * 3_600_000);
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
