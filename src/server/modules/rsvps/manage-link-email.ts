import type { GuestStatus } from '../../../common/constants.ts';
import { absoluteUrl, manageRsvpHref, mapSearchHref } from '../../../common/hrefs.ts';
import { hostedBy, RSVP_STATUS_LABEL } from '../../../common/messages.ts';
import type { ThemeColors } from '../../db/schema/events.ts';
import type { EmailPayload } from '../../db/schema/outbox.ts';
import { renderAnswersEmail } from '../../emails/answers-email.tsx';
import { absoluteImageUrl } from '../../emails/confirmation-view.ts';
import { renderEventEmail } from '../../emails/event-email.tsx';
import { formatEventWhen } from '../../emails/event-when.ts';
import { emailPalette } from '../../emails/palette.ts';
import type { EventEmailView } from '../../emails/view.ts';

/** One of a guest's answers, as a links e-mail names it; the event's look and place when the caller has them. */
export type AnswerLink = {
  event: {
    title: string;
    event_date: Date;
    timezone: string;
    end_date?: Date | null;
    subtitle?: string | null;
    location?: string | null;
    image_url?: string | null;
    theme_colors?: ThemeColors | null;
    host_name?: string | null;
  };
  rsvp: { name: string; status: GuestStatus; guest_count: number };
  manageSecret: string;
};

const IGNORE = "If you didn't ask for this, ignore this e-mail: nothing has changed.";

const when = (a: AnswerLink) => formatEventWhen(a.event.event_date, a.event.end_date ?? null, a.event.timezone);
const answerText = (a: AnswerLink) =>
  `${RSVP_STATUS_LABEL[a.rsvp.status]}${a.rsvp.status !== 'declined' && a.rsvp.guest_count > 1 ? ` · ${a.rsvp.guest_count} guests` : ''}`;

/**
 * Someone answered an event again with an e-mail that already has an RSVP there: nothing changed, and
 * the address's owner gets the link to change it (docs/decisions/0012-answers-belong-to-the-email.md).
 * Rare (once per RSVP per 10 minutes), so rendered each time.
 */
export function buildManageLinkEmail(o: { baseUrl: string; to: string; answer: AnswerLink }): EmailPayload {
  const { event: e, rsvp } = o.answer;
  const details: EventEmailView['details'] = [{ label: 'When', value: when(o.answer) }];
  if (e.location) details.push({ label: 'Where', value: e.location, link: { label: 'Open in Maps', href: mapSearchHref(e.location) } });
  details.push({ label: 'Your answer', value: answerText(o.answer) });
  const view: EventEmailView = {
    palette: emailPalette(e.theme_colors),
    preview: 'Your RSVP is unchanged; here is the link to it.',
    imageUrl: absoluteImageUrl(o.baseUrl, e.image_url ?? null),
    title: e.title,
    subtitle: e.subtitle ?? null,
    host: e.host_name ? hostedBy(e.host_name) : null,
    greeting: `Hi ${rsvp.name},`,
    lead: `You have already answered ${e.title}. To change or cancel your answer, use the button below.`,
    details,
    button: {
      label: 'Change or cancel your RSVP',
      href: absoluteUrl(o.baseUrl, manageRsvpHref(o.answer.manageSecret)),
      textLabel: 'Your RSVP',
    },
    ticket: null,
    calendar: null,
    links: [],
    footer: IGNORE,
  };
  return { to: o.to, subject: `Change your RSVP: ${e.title}`, ...renderEventEmail(view) };
}

/** "Find your ticket": the manage links of every answer of this address (at least one). */
export function buildFindTicketEmail(o: { baseUrl: string; to: string; answers: AnswerLink[] }): EmailPayload {
  const rendered = renderAnswersEmail({
    palette: emailPalette(null),
    preview: 'The links to your answers, tickets included.',
    heading: 'Your RSVPs',
    lead: 'Here are your RSVPs. Each link opens your answer, your ticket and the way to change it.',
    answers: o.answers.map((a) => ({
      title: a.event.title,
      detail: `${when(a)} · ${answerText(a)}`,
      href: absoluteUrl(o.baseUrl, manageRsvpHref(a.manageSecret)),
    })),
    footer: IGNORE,
  });
  return { to: o.to, subject: 'Your RSVPs and tickets', ...rendered };
}
