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

/** The confirmation of a new sign-in address, sent to that address (docs/product.md#account). */
export function changeEmailEmail({ to, link }: { to: string; link: string }): EmailPayload {
  const subject = 'Confirm your new Turnout e-mail address';
  const text = [
    'Your Turnout account asked to use this address for signing in.',
    '',
    'Confirm it here:',
    link,
    '',
    'Until you open the link, you keep signing in with your current address. If this was not you, ignore this e-mail.',
  ].join('\n');
  const html = `<p>Your Turnout account asked to use this address for signing in.</p>
<p><a href="${escapeHtml(link)}">Confirm ${escapeHtml(to)}</a></p>
<p style="color:#555">Until you open the link, you keep signing in with your current address. If this was not you, ignore this e-mail.</p>`;
  return { to, subject, text, html };
}
