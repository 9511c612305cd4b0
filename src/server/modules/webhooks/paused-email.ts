import { escapeHtml } from '../../../common/html-escape.ts';
import type { EmailPayload } from '../../db/schema/outbox.ts';

/** Tells an endpoint's owner that a day of failed deliveries paused it (docs/product.md#webhooks). */
export function webhookPausedEmail(o: { to: string; url: string; lastProblem: string; accountUrl: string }): EmailPayload {
  const subject = 'A webhook endpoint of yours is paused';
  const lines = [
    `For a day, Turnout could not deliver webhooks to ${o.url}.`,
    `The last attempt: ${o.lastProblem}`,
    '',
    'The endpoint is paused: nothing more is sent to it. Messages that were waiting are kept and go out when you',
    'resume it; the ones given up can be sent again from its delivery log. Fix the receiver, then resume it here:',
    o.accountUrl,
  ];
  const html = `<p>For a day, Turnout could not deliver webhooks to <code>${escapeHtml(o.url)}</code>.</p>
<p style="color:#555">The last attempt: ${escapeHtml(o.lastProblem)}</p>
<p>The endpoint is paused: nothing more is sent to it. Messages that were waiting are kept and go out when you resume it;
the ones given up can be sent again from its delivery log.</p>
<p><a href="${escapeHtml(o.accountUrl)}">Fix the receiver, then resume the endpoint</a></p>`;
  return { to: o.to, subject, text: lines.join('\n'), html };
}
