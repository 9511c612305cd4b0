import { z } from 'zod';
import { RSVP_STATUSES } from '../constants.ts';
import { isPlausiblePhone, normalizePhone, PHONE_INVALID } from '../phone.ts';
import { SMS_MSG, smsTooLong } from '../sms.ts';
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

/**
 * Where one guest's latest SMS is (docs/product.md#sms): queued, sent, failed (with the provider's
 * reason), unknown (handed to Twilio, its answer lost: never sent again) or skipped.
 */
export const ZSmsDelivery = z
  .strictObject({
    status: z.enum(['queued', 'sent', 'failed', 'unknown', 'opted-out', 'no-phone', 'cancelled']),
    error: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'SmsDelivery' });
export type TSmsDelivery = z.infer<typeof ZSmsDelivery>;

export const ZSmsSent = z.strictObject({ delivery: ZSmsDelivery, to: z.string() }).meta({ id: 'SmsSent' });
export type TSmsSent = z.infer<typeof ZSmsSent>;

/** A bulk SMS job's delivery: the job's counts plus the outbox's outcome per recipient. */
export const ZSmsJobProgress = z
  .strictObject({
    id: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
    /** Recipients, and those handed to the outbox or skipped so far. */
    total: z.number().int(),
    processed: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    /** Handed to Twilio, whose answer was lost (a crash or timeout): not sent again, so maybe never received. */
    unknown: z.number().int(),
    queued: z.number().int(),
    /** Opted-out numbers, guests without a phone, and messages a cancel stopped. */
    skipped: z.number().int(),
    /** Every message is sent, failed, unknown or skipped (the job's part is done too). */
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
  })
  .meta({ id: 'SmsJobProgress' });
export type TSmsJobProgress = z.infer<typeof ZSmsJobProgress>;

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
