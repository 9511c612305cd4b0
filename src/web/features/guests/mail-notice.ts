import { notDeliveredText } from '../../../common/not-delivered.ts';
import type { TJob, TTicketSent } from '../../../common/schemas/guests.ts';
import type { TRegeneratedQr } from '../../../common/schemas/rsvps.responses.ts';
import { plural } from './format.ts';
import { GUEST_MSG } from './messages.ts';

/** A toast that says what really happened to a guest's e-mail: 'success' only when it is on its way. */
export type MailNotice = { tone: 'success' | 'info'; title: string; text: string };

/**
 * Email QR's answer as the host is told it (docs/product.md#guest-list): on its way (SMTP), kept in the
 * dev mailbox (nothing reaches the guest: src/common/email-delivery.ts), or not made again because the
 * same ticket went less than a minute ago.
 */
export function ticketSentNotice(sent: Pick<TTicketSent, 'queued' | 'to' | 'email_delivery'>): MailNotice {
  const dev = sent.email_delivery === 'dev_mailbox';
  if (!sent.queued) {
    return {
      tone: 'info',
      title: GUEST_MSG.qrNotResent,
      text: `${dev ? 'This ticket went to the dev mailbox' : `This ticket was e-mailed to ${sent.to}`} less than a minute ago. Try again in a minute.`,
    };
  }
  return dev
    ? { tone: 'info', title: GUEST_MSG.qrNotEmailed, text: notDeliveredText('e-mail', sent.to) }
    : { tone: 'success', title: GUEST_MSG.qrSent, text: `On its way to ${sent.to}.` };
}

/** Regenerate's answer: the new ticket e-mailed, kept in the dev mailbox, or no e-mail address to send it to. */
export function regeneratedNotice(r: Pick<TRegeneratedQr, 'email_queued' | 'email_delivery'>, email: string | null): MailNotice {
  const text =
    !r.email_queued || !email
      ? 'This guest has no e-mail address: share the new link yourself.'
      : r.email_delivery === 'dev_mailbox'
        ? `${notDeliveredText('e-mail', email)} Share the new link yourself.`
        : `The new ticket is on its way to ${email}.`;
  return { tone: r.email_queued && r.email_delivery === 'smtp' ? 'success' : 'info', title: GUEST_MSG.qrGenerated, text };
}

/**
 * The end of a bulk ticket e-mail job: "on the way" only when the server sends e-mail; with the dev
 * mailbox, the tickets are kept there and the toast says so (job.result.email_delivery, run-jobs.ts).
 */
export function bulkTicketsNotice(job: Pick<TJob, 'result'>): MailNotice {
  const count = (k: string) => (typeof job.result?.[k] === 'number' ? (job.result[k] as number) : 0);
  const queued = count('queued');
  const skipped = count('skipped');
  const skippedText = skipped ? `; ${plural(skipped, 'guest')} skipped (not attending or no e-mail)` : '';
  if (job.result?.email_delivery === 'dev_mailbox') {
    return {
      tone: 'info',
      title: 'Tickets kept in the dev mailbox',
      text: `${notDeliveredText('e-mail', `these ${plural(queued, 'guest')}`)}${skippedText ? ` ${skippedText.slice(2)}.` : ''}`,
    };
  }
  return { tone: 'success', title: 'Tickets e-mailed', text: `${plural(queued, 'ticket')} on the way${skippedText}.` };
}
