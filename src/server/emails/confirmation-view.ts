import type { GuestStatus } from '../../common/constants.ts';
import { hostedBy } from '../../common/messages.ts';
import { googleCalendarUrl, outlookCalendarUrl } from '../../common/calendar-links.ts';
import { absoluteUrl, mapSearchHref } from '../../common/hrefs.ts';
import type { ThemeColors } from '../db/schema/events.ts';
import { eventCalendarEntry, eventIcsHref, eventPageUrl } from '../domain/event-calendar.ts';
import { formatEventWhen } from './event-when.ts';
import { emailPalette } from './palette.ts';
import type { EventEmailView } from './view.ts';
import { type Receipt, receiptRows } from './receipt.ts';

/** What an e-mail shows of its event (load-rsvp-event.ts's RsvpEvent has it all). */
export type EmailEvent = {
  id: string;
  title: string;
  subtitle: string | null;
  image_url: string | null;
  theme_colors: ThemeColors | null;
  host_name: string | null;
  event_date: Date;
  end_date: Date | null;
  timezone: string;
  location: string | null;
  is_paid_event: boolean;
};

/** Everything of a confirmation that is not the guest's own: one rendering serves every guest with the same variant. */
export type ConfirmationVariant = {
  status: GuestStatus;
  /** A change of an earlier answer. */
  updated: boolean;
  /** Confirmed with a ticket: the button, QR and PIN. */
  ticket: boolean;
  /** A confirmed order of ticket types: the button opens the order's page with each ticket's QR and PIN. */
  order?: boolean;
  /** A paid order's receipt (its own rendering: receipts are never shared). */
  receipt?: Receipt;
};

/** The guest's own values, filled into the rendered template (escaped for the HTML). */
export const CONFIRMATION_SLOTS = ['name', 'guests', 'pin', 'ticketUrl', 'manageUrl', 'to'] as const;
export type ConfirmationSlot = (typeof CONFIRMATION_SLOTS)[number];

export const QR_CID = 'ticket-qr@turnout';

/** Stored image paths (/media/…) on PUBLIC_BASE_URL; an absolute http(s) URL as it is; anything else, no image. */
export function absoluteImageUrl(baseUrl: string, image: string | null): string | null {
  if (!image) return null;
  if (image.startsWith('/') && !image.startsWith('//')) return absoluteUrl(baseUrl, image);
  return /^https?:\/\//i.test(image) ? image : null;
}

function lead(e: EmailEvent, v: ConfirmationVariant): string {
  const changed = v.updated ? 'Your RSVP is updated: y' : 'Y';
  if (v.status === 'confirmed') return `${changed}ou're going to ${e.title}.`;
  if (v.status === 'waitlisted') {
    return `${changed}ou're on the waitlist for ${e.title}. If seats free up for your party, we'll e-mail you a link to claim them.`;
  }
  if (v.status === 'offered') return `Seats are held for you at ${e.title}: claim them on your RSVP page before the offer runs out.`;
  if (v.status === 'maybe') {
    const next = e.is_paid_event
      ? 'get your ticket on the event page'
      : 'change your answer to "Yes" with the link below to get your ticket';
    return `${changed}ou might come to ${e.title}. If you decide to come, ${next}.`;
  }
  // Never "we look forward to seeing you" to a guest who said no (docs/product.md#e-mails).
  const calendar = v.updated ? ' The attached calendar file marks the event as cancelled in your calendar.' : '';
  return `Sorry you can't make it to ${e.title}. Thank you for letting the host know.${calendar}`;
}

const PREVIEW = {
  confirmed: 'Your ticket, your PIN and calendar links are inside.',
  maybe: 'Your answer is noted as maybe, with calendar links inside.',
  declined: 'Your answer is noted: not going.',
  waitlisted: "You're on the waitlist: we'll e-mail you if seats free up.",
  offered: 'Seats are held for you: claim them on your RSVP page.',
} as const satisfies Record<GuestStatus, string>;

/** The confirmation e-mail of an answer (docs/product.md#e-mails), with `slot` standing for the guest's values. */
export function confirmationView(
  o: { baseUrl: string; event: EmailEvent; variant: ConfirmationVariant },
  slot: Record<ConfirmationSlot, string>,
) {
  const { baseUrl, event: e, variant: v } = o;
  const going = v.status === 'confirmed' || v.status === 'maybe';
  // A place on the waitlist (docs/product.md#waitlist): its party size and its RSVP page, no calendar yet.
  const waiting = v.status === 'waitlisted' || v.status === 'offered';
  const entry = eventCalendarEntry(e, baseUrl);
  const details: EventEmailView['details'] = [{ label: 'When', value: formatEventWhen(e.event_date, e.end_date, e.timezone) }];
  if (e.location) details.push({ label: 'Where', value: e.location, link: { label: 'Open in Maps', href: mapSearchHref(e.location) } });
  if (going || waiting) details.push({ label: 'Guests', value: slot.guests });
  const eventUrl = eventPageUrl(baseUrl, e.id);
  const view: EventEmailView = {
    palette: emailPalette(e.theme_colors),
    preview: PREVIEW[v.status],
    imageUrl: absoluteImageUrl(baseUrl, e.image_url),
    title: e.title,
    subtitle: e.subtitle,
    host: e.host_name ? hostedBy(e.host_name) : null,
    greeting: `Hi ${slot.name},`,
    lead: lead(e, v),
    details: going || waiting ? details : details.slice(0, 1),
    button: v.ticket
      ? { label: 'View ticket', href: slot.ticketUrl, textLabel: 'Your ticket' }
      : v.order
        ? { label: 'View your tickets', href: slot.ticketUrl, textLabel: 'Your tickets (each with its QR code and PIN)' }
        : going
          ? { label: 'View event', href: eventUrl, textLabel: 'Event page' }
          : null,
    receipt: v.receipt ? { number: v.receipt.number, rows: receiptRows(v.receipt) } : null,
    ticket: v.ticket ? { qrSrc: `cid:${QR_CID}`, caption: 'Show this QR code at the event for check-in.', pin: slot.pin } : null,
    calendar: going
      ? { google: googleCalendarUrl(entry), outlook: outlookCalendarUrl(entry), ics: absoluteUrl(baseUrl, eventIcsHref(e.id)) }
      : null,
    links: going
      ? [{ label: 'Change or cancel your RSVP', href: slot.manageUrl }]
      : waiting
        ? [{ label: v.status === 'offered' ? 'Claim your seats' : 'See your place or leave the waitlist', href: slot.manageUrl }]
        : [{ before: 'Changed your mind? ', label: 'Change your RSVP', href: slot.manageUrl }],
    footer: `Sent to ${slot.to} because this address answered the invitation to ${e.title}.`,
  };
  return view;
}
