import { hostedBy } from '../../../common/messages.ts';
import { absoluteUrl, eventHref } from '../../../common/hrefs.ts';
import type { EmailPayload } from '../../db/schema/outbox.ts';
import { absoluteImageUrl } from '../../emails/confirmation-view.ts';
import { renderEventEmail } from '../../emails/event-email.tsx';
import { emailPalette } from '../../emails/palette.ts';
import type { EventEmailView } from '../../emails/view.ts';
import type { RsvpEvent } from '../rsvps/load-rsvp-event.ts';
import { formatMoney } from './money.ts';

export type RefundReason = 'seats_gone' | 'cancelled' | 'host_whole' | 'host_part';

const LEAD: Record<RefundReason, string> = {
  seats_gone:
    'Your payment arrived after the time we could hold your seats, and the event filled up in the meantime. We have refunded your payment in full; you have no ticket for this event.',
  cancelled: 'Your paid RSVP was cancelled and your payment has been refunded in full.',
  host_whole: 'The organizer refunded your order. Its tickets no longer admit anyone.',
  host_part: 'The organizer refunded part of your order. The rest of it stays as it was.',
};

/** The guest's e-mail about a refund (docs/product.md#payments): why, and how much. */
export function buildRefundEmail(o: {
  baseUrl: string;
  to: string;
  name: string;
  event: Pick<RsvpEvent, 'id' | 'title' | 'subtitle' | 'image_url' | 'theme_colors' | 'host_name' | 'slug'>;
  amount: number | null;
  currency: string | null;
  reason: RefundReason;
  /** The refunded tickets ("VIP · 1 of 2"), when the refund was of tickets. */
  tickets?: string[];
}): EmailPayload {
  const e = o.event;
  const details: EventEmailView['details'] = [];
  if (o.amount !== null && o.currency) details.push({ label: 'Refunded', value: formatMoney(o.amount, o.currency) });
  if (o.tickets?.length) {
    details.push({ label: o.tickets.length === 1 ? 'Ticket refunded' : 'Tickets refunded', value: o.tickets.join(', ') });
    if (o.reason === 'host_part')
      details.push({ label: 'Note', value: 'The refunded tickets no longer admit anyone; your other tickets still do.' });
  }
  const view: EventEmailView = {
    palette: emailPalette(e.theme_colors),
    preview: 'Your payment was refunded.',
    imageUrl: absoluteImageUrl(o.baseUrl, e.image_url ?? null),
    title: e.title,
    subtitle: e.subtitle ?? null,
    host: e.host_name ? hostedBy(e.host_name) : null,
    greeting: `Hi ${o.name},`,
    lead: LEAD[o.reason],
    details,
    button: { label: 'View the event', href: absoluteUrl(o.baseUrl, eventHref(e)), textLabel: 'The event' },
    ticket: null,
    calendar: null,
    links: [],
    footer: 'Refunds usually reach your card within 5 to 10 business days.',
  };
  const subject =
    o.reason === 'host_part' && o.amount !== null && o.currency
      ? `${formatMoney(o.amount, o.currency)} refunded: ${e.title}`
      : `Payment refunded: ${e.title}`;
  return { to: o.to, subject, ...renderEventEmail(view) };
}
