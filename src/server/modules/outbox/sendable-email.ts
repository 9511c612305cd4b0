import type { EmailAttachment, EmailPayload, QueuedAttachment, SendableEmail } from '../../db/schema/outbox.ts';
import { renderQrPng } from '../tickets/qr-image.ts';

function sendableAttachment(a: QueuedAttachment): EmailAttachment {
  if (!('qrPngOf' in a)) return a;
  const { qrPngOf, ...rest } = a;
  return { ...rest, contentBase64: renderQrPng(qrPngOf).toString('base64') };
}

/** A queued e-mail with every attachment's bytes drawn, as the mail channels and the dev mailbox read it. */
export function sendableEmail(payload: EmailPayload): SendableEmail {
  const { attachments, ...rest } = payload;
  return attachments ? { ...rest, attachments: attachments.map(sendableAttachment) } : rest;
}
