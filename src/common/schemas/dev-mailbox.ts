import { z } from 'zod';
import { zUuid } from './ids.ts';

/** Messages kept in the dev mailbox (no SMTP / Twilio configured), as the admin's mailbox API returns them. */
export const ZDevMailChannel = z.enum(['email', 'sms']);
export type TDevMailChannel = z.infer<typeof ZDevMailChannel>;

export const DEV_MAILBOX_PAGE_SIZE = 25;

export const ZDevMailListQuery = z.object({
  channel: ZDevMailChannel.optional(),
  /** The id of the last message of the previous page. */
  cursor: zUuid('cursor must be a message id').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(DEV_MAILBOX_PAGE_SIZE),
});
export type TDevMailListQuery = z.infer<typeof ZDevMailListQuery>;

export const ZDevMailSummary = z.object({
  id: zUuid('must be a message id'),
  channel: ZDevMailChannel,
  to: z.string(),
  /** E-mail subject; null for SMS. */
  subject: z.string().nullable(),
  /** The first characters of the text (e-mail) or body (SMS). */
  preview: z.string(),
  attachmentCount: z.number().int(),
  sentAt: z.string(),
});
export type TDevMailSummary = z.infer<typeof ZDevMailSummary>;

export const ZDevMailPage = z.object({ items: z.array(ZDevMailSummary), nextCursor: z.string().nullable() });
export type TDevMailPage = z.infer<typeof ZDevMailPage>;

export const ZDevMailAttachment = z.object({
  index: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  cid: z.string().nullable(),
});

export const ZDevMailMessage = ZDevMailSummary.omit({ preview: true, attachmentCount: true }).extend({
  idempotencyKey: z.string(),
  createdAt: z.string(),
  /** E-mail plain text, or the SMS body. */
  text: z.string(),
  /** E-mail HTML with inline images (cid:) turned into data: URLs; null for SMS and text-only mail. */
  html: z.string().nullable(),
  attachments: z.array(ZDevMailAttachment),
});
export type TDevMailMessage = z.infer<typeof ZDevMailMessage>;
