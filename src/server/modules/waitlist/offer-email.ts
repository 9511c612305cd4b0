import { absoluteUrl, manageRsvpHref, mapSearchHref } from '../../../common/hrefs.ts';
import { hostedBy } from '../../../common/messages.ts';
import type { EmailPayload } from '../../db/schema/outbox.ts';
import { absoluteImageUrl, type EmailEvent } from '../../emails/confirmation-view.ts';
import { renderEventEmail } from '../../emails/event-email.tsx';
import { formatEventWhen, formatMoment } from '../../emails/event-when.ts';
import { emailPalette } from '../../emails/palette.ts';

/** What an offer e-mail shows: the event, the party, its deadline and its RSVP page (where the claim is). */
export type OfferInput = {
  baseUrl: string;
  event: EmailEvent;
  to: string;
  name: string;
  guests: number;
  offerUntil: Date;
  manageSecret: string;
};

export const offerSubject = (title: string) => `Seats are free for you at ${title}`;

/**
 * The e-mail of a waitlist offer (docs/product.md#waitlist): the seats held, until when in the event's time zone,
 * and the claim button (the party's RSVP page; on a paid event the claim opens the checkout). Rendered when
 * queued: offers come one party at a time.
 */
export function offerEmail(i: OfferInput): EmailPayload {
  const e = i.event;
  const until = formatMoment(i.offerUntil, e.timezone);
  const seats = i.guests === 1 ? 'A seat is' : `${i.guests} seats are`;
  const details = [
    { label: 'When', value: formatEventWhen(e.event_date, e.end_date, e.timezone) },
    ...(e.location ? [{ label: 'Where', value: e.location, link: { label: 'Open in Maps', href: mapSearchHref(e.location) } }] : []),
    { label: 'Guests', value: String(i.guests) },
    { label: 'Claim by', value: until },
  ];
  const claimUrl = absoluteUrl(i.baseUrl, manageRsvpHref(i.manageSecret));
  const { html, text } = renderEventEmail({
    palette: emailPalette(e.theme_colors),
    preview: `Claim by ${until}, or they go to the next party.`,
    imageUrl: absoluteImageUrl(i.baseUrl, e.image_url),
    title: e.title,
    subtitle: e.subtitle,
    host: e.host_name ? hostedBy(e.host_name) : null,
    greeting: `Hi ${i.name},`,
    lead: `Good news: ${seats.toLowerCase()} free for you at ${e.title}, held for your party until ${until}. ${
      e.is_paid_event ? 'Claim them and pay' : 'Claim them'
    } before then, or they go to the next party on the waitlist.`,
    details,
    button: { label: e.is_paid_event ? 'Claim and pay' : 'Claim your seats', href: claimUrl, textLabel: 'Claim your seats' },
    ticket: null,
    calendar: null,
    links: [{ before: "Can't come after all? ", label: 'Leave the waitlist', href: claimUrl }],
    footer: `Sent to ${i.to} because this address joined the waitlist of ${e.title}.`,
  });
  return { to: i.to, subject: offerSubject(e.title), text, html };
}

/** The offer's SMS: short, with the claim link (docs/product.md#waitlist). */
export function offerSms(i: OfferInput): string {
  const title = i.event.title.length > 60 ? `${i.event.title.slice(0, 59)}…` : i.event.title;
  const until = formatMoment(i.offerUntil, i.event.timezone);
  return `Seats are free for you at ${title}. Claim by ${until}: ${absoluteUrl(i.baseUrl, manageRsvpHref(i.manageSecret))}`;
}
