import type { TeamRole } from '../../../common/event-roles.ts';
import type { EmailPayload } from '../../db/schema/outbox.ts';
import { escapeHtml } from '../../../common/html-escape.ts';

type InvitationEmail = { to: string; eventTitle: string; inviter: string; link: string; expiresAt: Date; role: TeamRole };

/** What each team role is called and may do, as the e-mails say it. */
const ROLE_TEXT = {
  cohost: { noun: 'a co-host', verb: 'co-host', does: 'manage the event, its guest list and check-in' },
  door: { noun: 'door staff', verb: 'check in guests at', does: "check guests in at the event's door" },
} as const;

const longDate = (d: Date) => d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The sign-up invitation for a team member without an account. */
export function invitationEmail({ to, eventTitle, inviter, link, expiresAt, role }: InvitationEmail): EmailPayload {
  const r = ROLE_TEXT[role];
  const subject = `You're invited to ${r.verb} ${eventTitle}`;
  const text = [
    `${inviter} added you as ${r.noun} of "${eventTitle}" on Turnout.`,
    '',
    `Create your account to ${r.does}:`,
    link,
    '',
    `The link works for ${to} only and expires on ${longDate(expiresAt)}.`,
  ].join('\n');
  const html = `<p>${escapeHtml(inviter)} added you as ${r.noun} of <strong>${escapeHtml(eventTitle)}</strong> on Turnout.</p>
<p><a href="${escapeHtml(link)}">Create your account</a> to ${escapeHtml(r.does)}.</p>
<p style="color:#555">The link works for ${escapeHtml(to)} only and expires on ${escapeHtml(longDate(expiresAt))}.</p>`;
  return { to, subject, text, html };
}

type HostingEmail = { to: string; inviter: string; link: string; expiresAt: Date };

/** The owner's invitation from the People page: an account to create and run one's own events. */
export function hostingInvitationEmail({ to, inviter, link, expiresAt }: HostingEmail): EmailPayload {
  const subject = "You're invited to host events on Turnout";
  const text = [
    `${inviter} invited you to host events on Turnout.`,
    '',
    'Create your account to set up your own events, invitations and check-in:',
    link,
    '',
    `The link works for ${to} only and expires on ${longDate(expiresAt)}.`,
  ].join('\n');
  const html = `<p>${escapeHtml(inviter)} invited you to host events on Turnout.</p>
<p><a href="${escapeHtml(link)}">Create your account</a> to set up your own events, invitations and check-in.</p>
<p style="color:#555">The link works for ${escapeHtml(to)} only and expires on ${escapeHtml(longDate(expiresAt))}.</p>`;
  return { to, subject, text, html };
}

type AddedEmail = { to: string; eventTitle: string; inviter: string; link: string; role: TeamRole };

/** A note to a team member who already has an account. */
export function addedAsHostEmail({ to, eventTitle, inviter, link, role }: AddedEmail): EmailPayload {
  const r = ROLE_TEXT[role];
  const subject = role === 'cohost' ? `You're now a co-host of ${eventTitle}` : `You're now door staff of ${eventTitle}`;
  const text = `${inviter} added you as ${r.noun} of "${eventTitle}" on Turnout.\n\nSign in to ${r.does}: ${link}`;
  const html = `<p>${escapeHtml(inviter)} added you as ${r.noun} of <strong>${escapeHtml(eventTitle)}</strong> on Turnout.</p>
<p><a href="${escapeHtml(link)}">Sign in</a> to ${escapeHtml(r.does)}.</p>`;
  return { to, subject, text, html };
}
