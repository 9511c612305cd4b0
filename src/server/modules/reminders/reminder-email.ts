import { BoundedCache } from '../../../common/bounded-cache.ts';
import { hostedBy } from '../../../common/messages.ts';
import { absoluteUrl, manageRsvpHref, mapSearchHref, stopRemindersHref } from '../../../common/hrefs.ts';
import type { EmailPayload, QueuedReminder } from '../../db/schema/outbox.ts';
import { absoluteImageUrl, type EmailEvent } from '../../emails/confirmation-view.ts';
import { renderEventEmail } from '../../emails/event-email.tsx';
import { formatEventWhen } from '../../emails/event-when.ts';
import { emailPalette } from '../../emails/palette.ts';
import { compileTemplate, fillTemplate, type Template } from '../../emails/template.ts';
import type { EventEmailView } from '../../emails/view.ts';
import { ticketPageUrl } from '../../domain/ticket-urls.ts';
import { oneClickStopPath } from './guest-reminders.ts';

/** A guest's own values in a reminder, filled into the event's one rendering (escaped in the HTML). */
const SLOTS = ['name', 'guests', 'ticketUrl', 'manageUrl', 'stopUrl', 'to'] as const;
type Slot = (typeof SLOTS)[number];

/** Going guests are reminded with their ticket; "Maybe" guests are asked to decide. */
export type ReminderVariant = 'going' | 'maybe';

/** What the reminders of one event share, as queued (dates as ISO text): the sender builds it once per run. */
export type ReminderEvent = Omit<EmailEvent, 'event_date' | 'end_date'> & { event_date: string; end_date: string | null };

/** What one queued reminder holds: the event's part and the guest's. */
export type ReminderInput = {
  baseUrl: string;
  event: ReminderEvent;
  going: boolean;
  name: string;
  guests: number;
  ticketSecret: string;
  manageSecret: string;
};

export function reminderSubject(title: string, variant: ReminderVariant): string {
  return variant === 'going' ? `Reminder: ${title} is coming up` : `Are you coming to ${title}?`;
}

function reminderView(baseUrl: string, e: EmailEvent, variant: ReminderVariant, slot: Record<Slot, string>): EventEmailView {
  const when = formatEventWhen(e.event_date, e.end_date, e.timezone);
  const details: EventEmailView['details'] = [{ label: 'When', value: when }];
  if (e.location) details.push({ label: 'Where', value: e.location, link: { label: 'Open in Maps', href: mapSearchHref(e.location) } });
  const going = variant === 'going';
  if (going) details.push({ label: 'Guests', value: slot.guests });
  return {
    palette: emailPalette(e.theme_colors),
    preview: going ? `See you soon: ${when}.` : 'Let the host know whether you can come.',
    imageUrl: absoluteImageUrl(baseUrl, e.image_url),
    title: e.title,
    subtitle: e.subtitle,
    host: e.host_name ? hostedBy(e.host_name) : null,
    greeting: `Hi ${slot.name},`,
    lead: going
      ? `A reminder that ${e.title} is coming up. Your ticket is one tap away: show its QR code at the door.`
      : `You answered "Maybe" to ${e.title}, which is coming up. Can you make it? Your answer helps the host plan.`,
    details,
    button: going
      ? { label: 'View ticket', href: slot.ticketUrl, textLabel: 'Your ticket' }
      : { label: 'Answer yes or no', href: slot.manageUrl, textLabel: 'Your RSVP' },
    ticket: null,
    calendar: null,
    links: [
      ...(going ? [{ before: 'Plans changed? ', label: 'Change or cancel your RSVP', href: slot.manageUrl }] : []),
      { before: "Don't want reminders? ", label: 'Stop reminders for this event', href: slot.stopUrl },
    ],
    footer: `Sent to ${slot.to} because this address answered the invitation to ${e.title}.`,
  };
}

/**
 * Renderings by what they show (base URL, variant, the event as queued): a reminder run for 10,000 guests
 * renders React twice and fills in strings for the rest. Bounded like the confirmations' cache.
 */
const prepared = new BoundedCache<string, Template<Slot>>({ maxEntries: 64, maxSize: 1_000_000, sizeOf: (t) => t.size });

/** The e-mail a queued reminder stands for (outbox/sendable-email.ts renders it when it goes out). */
export function renderQueuedReminder(q: QueuedReminder): EmailPayload {
  const i = q.reminder as ReminderInput;
  const variant: ReminderVariant = i.going ? 'going' : 'maybe';
  const key = JSON.stringify([i.baseUrl, variant, i.event]);
  let t = prepared.get(key);
  if (!t) {
    const event: EmailEvent = {
      ...i.event,
      event_date: new Date(i.event.event_date),
      end_date: i.event.end_date === null ? null : new Date(i.event.end_date),
    };
    t = compileTemplate(SLOTS, (slot) => renderEventEmail(reminderView(i.baseUrl, event, variant, slot)));
    prepared.set(key, t);
  }
  const { html, text } = fillTemplate(t, {
    name: i.name,
    guests: String(i.guests),
    ticketUrl: ticketPageUrl(i.baseUrl, i.ticketSecret),
    manageUrl: absoluteUrl(i.baseUrl, manageRsvpHref(i.manageSecret)),
    stopUrl: absoluteUrl(i.baseUrl, stopRemindersHref(i.manageSecret)),
    to: q.to,
  });
  // Mail clients offer their own "Unsubscribe" for it, which stops this event's reminders in one click.
  return { to: q.to, subject: q.subject, text, html, unsubscribe: absoluteUrl(i.baseUrl, oneClickStopPath(i.manageSecret)) };
}
