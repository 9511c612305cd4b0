import { z } from 'zod';
import { RSVP_STATUSES } from '../constants.ts';
import { isPlausiblePhone, normalizePhone, PHONE_INVALID } from '../phone.ts';
import { SMS_CHANNELS, SMS_MSG, smsTooLong } from '../sms.ts';
import { zUuid } from './ids.ts';
import { zText } from './text.ts';

/** At most 1,600 characters as smsLength counts them, the same rule as the form's live count. */
const notTooLong = (msg: z.ZodString) => msg.refine((v) => !smsTooLong(v), SMS_MSG.tooLong);

/** A host's SMS text: not blank, at most 1,600 characters (docs/product.md#sms). */
export const zSmsMessage = () => notTooLong(zText({ multiline: true, error: SMS_MSG.messageEmpty }).min(1, SMS_MSG.messageEmpty));

/**
 * POST /api/events/{id}/sms-jobs: the Messaging screen's send, to the selected guests (`rsvp_ids`) or
 * to every guest a filter matches but `exclude_ids` (the chips removed): a long list goes by filter, so
 * the body stays small.
 */
export const ZSmsJobInput = z
  .object({
    rsvp_ids: z
      .array(zUuid('Unknown guest'), { error: SMS_MSG.noRecipients })
      .min(1, SMS_MSG.noRecipients)
      .max(1000, 'Select at most 1000 guests, or send to a filter.')
      .optional(),
    filter: z.strictObject({ status: z.enum(RSVP_STATUSES).optional(), checked_in: z.enum(['yes', 'no']).optional() }).optional(),
    exclude_ids: z.array(zUuid('Unknown guest')).max(1000, 'Leave out at most 1000 guests.').optional(),
    message: zSmsMessage(),
  })
  .refine((v) => v.rsvp_ids !== undefined || v.filter !== undefined, { error: SMS_MSG.noRecipients, path: ['rsvp_ids'] });
export type TSmsJobInput = z.input<typeof ZSmsJobInput>;
export type TSmsJobParsed = z.output<typeof ZSmsJobInput>;

/** POST /api/send-sms: the SMS sandbox (docs/product.md#sms-sandbox). */
export const ZSendSmsInput = z.object({
  to: zText({ error: SMS_MSG.sandboxRequired })
    .min(1, SMS_MSG.sandboxRequired)
    .max(40, 'Use at most 40 characters.')
    .transform(normalizePhone)
    .refine(isPlausiblePhone, PHONE_INVALID),
  message: notTooLong(zText({ multiline: true, error: SMS_MSG.sandboxRequired }).min(1, SMS_MSG.sandboxRequired)),
});
export type TSendSmsInput = z.input<typeof ZSendSmsInput>;

/** Where this server's SMS go (docs/product.md#sms): Twilio, or the dev mailbox when Twilio is not configured. */
export const ZSmsChannel = z.enum(SMS_CHANNELS);

/**
 * Where one guest's latest SMS is (docs/product.md#sms): queued, sent (Twilio took it), kept (in the dev
 * mailbox: it reached no one), failed (with the provider's reason), unknown (handed to Twilio, its
 * answer lost: never sent again) or skipped.
 */
export const ZSmsDelivery = z
  .strictObject({
    status: z.enum(['queued', 'sent', 'kept', 'failed', 'unknown', 'opted-out', 'no-phone', 'cancelled']),
    error: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'SmsDelivery' });
export type TSmsDelivery = z.infer<typeof ZSmsDelivery>;

/**
 * A guest's ticket SMS: `queued` false when nothing new was queued (a text went to the guest less than a
 * minute ago, or the number opted out); `delivery` is then the latest text's; `channel` where texts go.
 */
export const ZSmsSent = z
  .strictObject({ queued: z.boolean(), delivery: ZSmsDelivery, to: z.string(), channel: ZSmsChannel })
  .meta({ id: 'SmsSent' });
export type TSmsSent = z.infer<typeof ZSmsSent>;

/** A server job's state (jobs.status). */
const ZJobStatus = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);

/** Where a bulk job's messages are, counted (progress and history). */
const smsCounts = {
  /** Taken by Twilio. */
  sent: z.number().int(),
  /** Kept in the dev mailbox (no Twilio configured): they reached no one. */
  kept: z.number().int(),
  failed: z.number().int(),
  /** Handed to Twilio, whose answer was lost (a crash or timeout): not sent again, so maybe never received. */
  unknown: z.number().int(),
  queued: z.number().int(),
  /** Opted-out numbers and messages a cancel stopped. */
  skipped: z.number().int(),
};

/** A bulk SMS job's delivery: the job's counts plus the outbox's outcome per recipient. */
export const ZSmsJobProgress = z
  .strictObject({
    id: z.string(),
    status: ZJobStatus,
    /** Recipients (guests with a phone number), and those handed to the outbox or skipped so far. */
    total: z.number().int(),
    processed: z.number().int(),
    ...smsCounts,
    /** Every message is sent, kept, failed, unknown or skipped (the job's part is done too). */
    complete: z.boolean(),
    /** The failed and unknown messages, by guest name. */
    failures: z.array(
      z.strictObject({
        rsvp_id: z.string().nullable(),
        name: z.string().nullable(),
        to: z.string(),
        outcome: z.enum(['failed', 'unknown']),
        reason: z.string(),
      }),
    ),
    finished_at: z.string().nullable(),
    channel: ZSmsChannel,
  })
  .meta({ id: 'SmsJobProgress' });
export type TSmsJobProgress = z.infer<typeof ZSmsJobProgress>;

/**
 * GET /api/events/{id}/sms-jobs: the event's bulk messages, newest first (docs/product.md#messaging),
 * derived from the jobs and their sms_messages and outbox rows.
 */
export const ZSmsHistory = z
  .strictObject({
    entries: z.array(
      z.strictObject({
        id: z.string(),
        created_at: z.string(),
        /** Who sent it: the account's name, else its e-mail; null once the account is gone. */
        sent_by: z.string().nullable(),
        message: z.string(),
        status: ZJobStatus,
        /** Guests with a phone number the job was for. */
        recipients: z.number().int(),
        ...smsCounts,
      }),
    ),
    channel: ZSmsChannel,
  })
  .meta({ id: 'SmsHistory' });
export type TSmsHistory = z.infer<typeof ZSmsHistory>;

export const ZSendSmsResult = z
  .strictObject({
    sent: z.boolean(),
    sid: z.string().nullable(),
    to: z.string(),
    error: z.string().nullable(),
    code: z.string().nullable(),
  })
  .meta({ id: 'SendSmsResult' });
export type TSendSmsResult = z.infer<typeof ZSendSmsResult>;
