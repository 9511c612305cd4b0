import { absoluteUrl, manageRsvpHref } from '../../../common/hrefs.ts';
import type { EmailPayload } from '../../db/schema/outbox.ts';
import { formatEventDate } from './confirmation-email.ts';

/** One of a guest's answers, as a links e-mail names it. */
export type AnswerLink = {
  event: { title: string; event_date: Date; timezone: string };
  rsvp: { name: string; status: 'confirmed' | 'maybe' | 'declined'; guest_count: number };
  manageSecret: string;
};

const STATUS_TEXT = { confirmed: 'Going', maybe: 'Maybe', declined: 'Not going' } as const;

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ESC[ch]!);

function line(baseUrl: string, a: AnswerLink) {
  const guests = a.rsvp.status === 'confirmed' && a.rsvp.guest_count > 1 ? ` · ${a.rsvp.guest_count} guests` : '';
  return {
    title: a.event.title,
    detail: `${formatEventDate(a.event.event_date, a.event.timezone)} · ${STATUS_TEXT[a.rsvp.status]}${guests}`,
    url: absoluteUrl(baseUrl, manageRsvpHref(a.manageSecret)),
  };
}

function payload(to: string, subject: string, intro: string, baseUrl: string, answers: AnswerLink[]): EmailPayload {
  const lines = answers.map((a) => line(baseUrl, a));
  const text = [
    intro,
    '',
    ...lines.flatMap((l) => [l.title, l.detail, `Change or cancel: ${l.url}`, '']),
    "If you didn't ask for this, ignore this e-mail: nothing has changed.",
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#32251b;max-width:560px;margin:auto">',
    `<p>${esc(intro)}</p>`,
    ...lines.map(
      (l) => `<p><strong>${esc(l.title)}</strong><br>${esc(l.detail)}<br><a href="${esc(l.url)}">Change or cancel your RSVP</a></p>`,
    ),
    "<p>If you didn't ask for this, ignore this e-mail: nothing has changed.</p>",
    '</body></html>',
  ].join('');
  return { to, subject, text, html };
}

/**
 * Someone answered an event again with an e-mail that already has an RSVP there: nothing changed, and
 * the address's owner gets the link to change it (docs/decisions/0012-answers-belong-to-the-email.md).
 */
export function buildManageLinkEmail(o: { baseUrl: string; to: string; answer: AnswerLink }): EmailPayload {
  const intro = `Hi ${o.answer.rsvp.name}, you have already answered ${o.answer.event.title}. Use this link to change or cancel your RSVP.`;
  return payload(o.to, `Change your RSVP: ${o.answer.event.title}`, intro, o.baseUrl, [o.answer]);
}

/** "Find your ticket": the manage links of every answer of this address (at least one). */
export function buildFindTicketEmail(o: { baseUrl: string; to: string; answers: AnswerLink[] }): EmailPayload {
  const intro = 'Here are your RSVPs. Each link opens your answer, your ticket and the way to change it.';
  return payload(o.to, 'Your RSVPs and tickets', intro, o.baseUrl, o.answers);
}
