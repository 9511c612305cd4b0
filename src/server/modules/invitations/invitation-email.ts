import type { EmailPayload } from '../../db/schema/outbox.ts';
import { escapeHtml } from '../events/html-escape.ts';

type InvitationEmail = { to: string; eventTitle: string; inviter: string; link: string; expiresAt: Date };

const longDate = (d: Date) => d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The sign-up invitation for a co-host without an account. */
export function invitationEmail({ to, eventTitle, inviter, link, expiresAt }: InvitationEmail): EmailPayload {
  const subject = `You're invited to co-host ${eventTitle}`;
  const text = [
    `${inviter} added you as a co-host of "${eventTitle}" on Turnout.`,
    '',
    'Create your account to manage the event, its guest list and check-in:',
    link,
    '',
    `The link works for ${to} only and expires on ${longDate(expiresAt)}.`,
  ].join('\n');
  const html = `<p>${escapeHtml(inviter)} added you as a co-host of <strong>${escapeHtml(eventTitle)}</strong> on Turnout.</p>
<p><a href="${escapeHtml(link)}">Create your account</a> to manage the event, its guest list and check-in.</p>
<p style="color:#555">The link works for ${escapeHtml(to)} only and expires on ${escapeHtml(longDate(expiresAt))}.</p>`;
  return { to, subject, text, html };
}

type AddedEmail = { to: string; eventTitle: string; inviter: string; link: string };

/** A note to a co-host who already has an account. */
export function addedAsHostEmail({ to, eventTitle, inviter, link }: AddedEmail): EmailPayload {
  const subject = `You're now a co-host of ${eventTitle}`;
  const text = `${inviter} added you as a co-host of "${eventTitle}" on Turnout.\n\nSign in to manage it: ${link}`;
  const html = `<p>${escapeHtml(inviter)} added you as a co-host of <strong>${escapeHtml(eventTitle)}</strong> on Turnout.</p>
<p><a href="${escapeHtml(link)}">Sign in to manage it</a>.</p>`;
  return { to, subject, text, html };
}
