import type { EmailPayload } from '../db/schema/outbox.ts';
import { escapeHtml } from '../../common/html-escape.ts';

/** The password-recovery link (docs/product.md#password-recovery): single use, 30 minutes. */
export function passwordResetEmail({ to, link, minutes }: { to: string; link: string; minutes: number }): EmailPayload {
  const subject = 'Reset your Turnout password';
  const text = [
    'Someone (hopefully you) asked to reset the password of this Turnout account.',
    '',
    'Choose a new password here:',
    link,
    '',
    `The link works once and expires in ${minutes} minutes. Setting a new password signs out every other device.`,
    'If you did not ask for this, ignore this e-mail: your password stays the same.',
  ].join('\n');
  const html = `<p>Someone (hopefully you) asked to reset the password of this Turnout account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p style="color:#555">The link works once and expires in ${minutes} minutes. Setting a new password signs out every other device.
If you did not ask for this, ignore this e-mail: your password stays the same.</p>`;
  return { to, subject, text, html };
}

/** Who asked: the account's name and its address today. */
export type RequestingAccount = { name: string; email: string };

const accountLine = (a: RequestingAccount) => (a.name.trim() && a.name.trim() !== a.email ? `${a.name.trim()} (${a.email})` : a.email);

/**
 * The confirmation of a new sign-in address, sent to that address (docs/product.md#account). It names the
 * account that asked, so that nobody confirms a stranger's request thinking it is their own.
 */
export function changeEmailEmail({ to, link, account }: { to: string; link: string; account: RequestingAccount }): EmailPayload {
  const subject = 'Confirm your new Turnout e-mail address';
  const who = accountLine(account);
  const text = [
    `The Turnout account of ${who} asked to sign in with this address from now on.`,
    '',
    'If that is your account, confirm it here:',
    link,
    '',
    `Until the link is opened, that account keeps signing in with ${account.email}. If it is not your account, ignore this e-mail.`,
  ].join('\n');
  const html = `<p>The Turnout account of <strong>${escapeHtml(who)}</strong> asked to sign in with this address from now on.</p>
<p>If that is your account: <a href="${escapeHtml(link)}">Confirm ${escapeHtml(to)}</a></p>
<p style="color:#555">Until the link is opened, that account keeps signing in with ${escapeHtml(account.email)}. If it is not your account, ignore this e-mail.</p>`;
  return { to, subject, text, html };
}

/** To the old address once an account's e-mail has changed (docs/product.md#account). */
export function emailChangedEmail({ to, newEmail }: { to: string; newEmail: string }): EmailPayload {
  const subject = 'Your Turnout e-mail address was changed';
  const text = [
    `Your Turnout account now signs in with ${newEmail} instead of this address.`,
    '',
    'If you did not do this, tell the owner of this Turnout at once: someone else may be using your account.',
  ].join('\n');
  const html = `<p>Your Turnout account now signs in with <strong>${escapeHtml(newEmail)}</strong> instead of this address.</p>
<p style="color:#555">If you did not do this, tell the owner of this Turnout at once: someone else may be using your account.</p>`;
  return { to, subject, text, html };
}

/** To the account's address when an API key is made for it: a stolen session cannot mint one unseen (ADR 0029). */
export function apiKeyMadeEmail({ to, name, scopes }: { to: string; name: string; scopes: readonly string[] }): EmailPayload {
  const subject = 'A new API key was made for your Turnout account';
  const text = [
    `An API key named "${name}" was made for your Turnout account. It may: ${scopes.join(', ')}.`,
    '',
    'If you did not make it, revoke it on your account page at once and change your password.',
  ].join('\n');
  const html = `<p>An API key named <strong>${escapeHtml(name)}</strong> was made for your Turnout account. It may: ${escapeHtml(scopes.join(', '))}.</p>
<p style="color:#555">If you did not make it, revoke it on your account page at once and change your password.</p>`;
  return { to, subject, text, html };
}
