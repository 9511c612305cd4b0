import type { GuestStatus } from '../../../common/constants.ts';
import { escapeHtml as esc } from '../../../common/html-escape.ts';
import { RSVP_STATUS_LABEL } from '../../../common/messages.ts';
import type { EmailPayload } from '../../db/schema/outbox.ts';

export type NewRsvp = {
  name: string;
  status: GuestStatus;
  guest_count: number;
  created_at: Date;
  /** Answers to the host's questions (docs/product.md#custom-questions), in form order. */
  answers?: { label: string; text: string }[];
};

const answerLines = (r: NewRsvp) => (r.answers ?? []).map((a) => `${a.label}: ${a.text}`);

/** A host's e-mail about new answers: each one's name, answer and party size, and a link to the guest list. */
export function rsvpNotificationEmail(i: {
  to: string;
  event: { id: string; title: string };
  digest: boolean;
  rsvps: NewRsvp[];
  total: number;
  listUrl: string;
}): EmailPayload {
  const what = i.total === 1 ? 'a new RSVP' : `${i.total} new RSVPs`;
  const subject = i.digest ? `Today for ${i.event.title}: ${what}` : `${i.event.title}: ${what}`;
  const line = (r: NewRsvp) =>
    `${r.name} — ${RSVP_STATUS_LABEL[r.status]}${r.status === 'confirmed' && r.guest_count > 1 ? ` (${r.guest_count} guests)` : ''}`;
  const more = i.total > i.rsvps.length ? `and ${i.total - i.rsvps.length} more` : null;
  const text = [
    `${i.event.title} has ${what}${i.digest ? ' since the last digest' : ''}:`,
    '',
    ...i.rsvps.flatMap((r) => [line(r), ...answerLines(r).map((a) => `  ${a}`)]),
    ...(more ? [more] : []),
    '',
    `See the guest list: ${i.listUrl}`,
    '',
    'You get these e-mails because new-RSVP notifications are on for this event; change it in the event settings.',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#32251b;max-width:560px;margin:auto">',
    `<p>${esc(i.event.title)} has ${what}${i.digest ? ' since the last digest' : ''}:</p>`,
    '<ul>',
    ...i.rsvps.map((r) => {
      const answers = answerLines(r);
      const sub = answers.length ? `<ul>${answers.map((a) => `<li>${esc(a)}</li>`).join('')}</ul>` : '';
      return `<li>${esc(line(r))}${sub}</li>`;
    }),
    '</ul>',
    more ? `<p>${more}</p>` : '',
    `<p><a href="${esc(i.listUrl)}">See the guest list</a></p>`,
    '<p style="font-size:12px;color:#6b5a4a">You get these e-mails because new-RSVP notifications are on for this event; change it in the event settings.</p>',
    '</body></html>',
  ].join('');
  return { to: i.to, subject, text, html };
}
