import type { EmailAttachment, QueuedAttachment, QueuedEmail, SendableEmail } from '../../db/schema/outbox.ts';
import { renderQueuedReminder } from '../reminders/reminder-email.ts';
import { renderQueuedConfirmation } from '../rsvps/confirmation-email.ts';
import { renderQrPng } from '../tickets/qr-image.ts';

function sendableAttachment(a: QueuedAttachment): EmailAttachment {
  if (!('qrPngOf' in a)) return a;
  const { qrPngOf, ...rest } = a;
  return { ...rest, contentBase64: renderQrPng(qrPngOf).toString('base64') };
}

/**
 * A queued e-mail rendered (a confirmation or reminder queued as its input) and with every attachment's bytes drawn, as the
 * mail channels and the dev mailbox read it.
 */
export function sendableEmail(payload: QueuedEmail): SendableEmail {
  const { attachments, ...rest } =
    'confirmation' in payload ? renderQueuedConfirmation(payload) : 'reminder' in payload ? renderQueuedReminder(payload) : payload;
  return attachments ? { ...rest, attachments: attachments.map(sendableAttachment) } : rest;
}
