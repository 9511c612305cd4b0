import { z } from 'zod';
import { GUESTS_MAX, GUESTS_MIN, RSVP_STATUSES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { isPlausiblePhone, normalizePhone, PHONE_INVALID } from '../phone.ts';
import { zEmail } from './email.ts';
import { zText } from './text.ts';
import { ZAnswersBody } from './questions.ts';
import { ZOrderLines } from './ticket-types.ts';
import { PROMO_CODE_INVALID, zPromoCode } from './promo-code-field.ts';

/** The public RSVP form (docs/product.md#rsvp-rules); the server checks the same schema. */
export const ZRsvpInput = z.object({
  /** Answers to the host's questions (docs/product.md#custom-questions), checked against the event's form by answersSchema. */
  answers: ZAnswersBody.optional(),
  name: zText({ error: MSG.rsvpMissing }).min(1, MSG.rsvpMissing).max(120, 'Use at most 120 characters.'),
  email: zEmail(MSG.rsvpMissing),
  /** Stored E.164 (docs/product.md#phone-numbers); blank is no phone. */
  phone: zText()
    .max(40, 'Use at most 40 characters.')
    .transform((v) => (v === '' ? undefined : normalizePhone(v)))
    .refine((v) => v === undefined || isPlausiblePhone(v), PHONE_INVALID)
    .optional(),
  notes: zText({ multiline: true })
    .max(1000, 'Use at most 1000 characters.')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  guest_count: z
    .number({ error: `Choose ${GUESTS_MIN} to ${GUESTS_MAX} guests.` })
    .int(`Choose ${GUESTS_MIN} to ${GUESTS_MAX} guests.`)
    .min(GUESTS_MIN, `Choose ${GUESTS_MIN} to ${GUESTS_MAX} guests.`)
    .max(GUESTS_MAX, `Choose ${GUESTS_MIN} to ${GUESTS_MAX} guests.`)
    .default(1),
  status: z.enum(RSVP_STATUSES).default('confirmed'),
  /** An event with ticket types: the quantity of each type in this order (docs/product.md#ticket-types); guest_count follows it. */
  tickets: ZOrderLines.optional(),
  /** A promo code for this order (docs/product.md#promo-codes): checked again, and its use counted with the seats. */
  promo_code: zPromoCode(PROMO_CODE_INVALID).optional(),
});
export type TRsvpInput = z.input<typeof ZRsvpInput>;
/** What a form sends once checked: trimmed, blanks dropped, defaults filled. */
export type TRsvpPayload = z.output<typeof ZRsvpInput>;

export type {
  TManagedRsvp,
  TManagedRsvpAnswer,
  TManagedRsvpRead,
  TMyRsvpAnswer,
  TReminderChoice,
  TRsvpResult,
  TTicket,
} from './rsvps.responses.ts';

/** The manage page's form: the answer without the e-mail, which names whose answer it is and cannot change. */
export const ZRsvpChange = ZRsvpInput.omit({ email: true, tickets: true, promo_code: true });
export type TRsvpChange = z.input<typeof ZRsvpChange>;

/** "Find your ticket": the address whose answers' links are e-mailed to it. */
export const ZFindTicketInput = z.object({ email: zEmail(MSG.invalidEmailText) });
