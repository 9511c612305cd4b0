import { and, eq } from 'drizzle-orm';
import type { TDevMailMessage } from '../../../common/schemas/dev-mailbox.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type EmailAttachment, outbox, type QueuedEmail, type SmsPayload } from '../../db/schema/outbox.ts';
import { AppError } from '../../errors.ts';
import { sendableEmail } from './sendable-email.ts';

export type ReadDevMailOptions = { db: DbOrTx; id: string };

async function findDevMail(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      idempotencyKey: outbox.idempotency_key,
      payload: outbox.payload,
      createdAt: outbox.created_at,
      sentAt: outbox.sent_at,
    })
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sent'), eq(outbox.delivered_via, 'dev-mailbox')));
  if (!row) throw new AppError('not_found', 'No such message in the dev mailbox.');
  return row;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Inline images refer to their attachment as cid:…; a browser can only show them as data: URLs. */
function inlineImages(html: string, attachments: EmailAttachment[]): string {
  let out = html;
  for (const a of attachments) {
    if (!a.cid) continue;
    out = out.replace(new RegExp(`cid:${escapeRegExp(a.cid)}(?=["')\\s>])`, 'gi'), `data:${a.contentType};base64,${a.contentBase64}`);
  }
  return out;
}

/** One dev-mailbox message as a mail client would render it: HTML with inline images, text, attachment list. */
export async function readDevMail({ db, id }: ReadDevMailOptions): Promise<TDevMailMessage> {
  const row = await findDevMail(db, id);
  const base = {
    id: row.id,
    channel: row.channel,
    idempotencyKey: row.idempotencyKey,
    createdAt: row.createdAt.toISOString(),
    sentAt: (row.sentAt ?? row.createdAt).toISOString(),
  };
  if (row.channel === 'sms') {
    const sms = row.payload as SmsPayload;
    return { ...base, to: sms.to, subject: null, text: sms.body, html: null, attachments: [] };
  }
  const mail = sendableEmail(row.payload as QueuedEmail);
  const attachments = mail.attachments ?? [];
  return {
    ...base,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ? inlineImages(mail.html, attachments) : null,
    attachments: attachments.map((a, index) => ({
      index,
      filename: a.filename,
      contentType: a.contentType,
      size: Buffer.from(a.contentBase64, 'base64').length,
      cid: a.cid ?? null,
    })),
  };
}

/** The bytes of one attachment of a dev-mailbox e-mail. */
export async function readDevMailAttachment({ db, id, index }: ReadDevMailOptions & { index: number }) {
  const row = await findDevMail(db, id);
  const a = row.channel === 'email' ? sendableEmail(row.payload as QueuedEmail).attachments?.[index] : undefined;
  if (!a) throw new AppError('not_found', 'No such attachment.');
  return { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') };
}
