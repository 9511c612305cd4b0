import { z } from 'zod';
import { dateTime, id } from './responses.ts';
import { zUuid } from './ids.ts';
import { zText } from './text.ts';
import { PROMO_CODE_INVALID, zPromoCode } from './promo-code-field.ts';
import { MAX_TICKET_TYPES, PER_ORDER_MAX, PRICE_MAX, ZPublicTicketType } from './ticket-types.ts';

/**
 * Promo codes and an event's tax and booking fee (docs/product.md#promo-codes, docs/product.md#taxes-and-fees,
 * docs/decisions/0033-promo-codes-and-charges.md): the host's request schemas, the host's view, and what a guest's
 * code lookup answers. Amounts are minor units of the event's currency; tax rates basis points (2000 = 20%).
 */

export const MAX_PROMO_CODES = 200;
export const PROMO_KINDS = ['percent', 'amount'] as const;
export { PROMO_CODE_INVALID, PROMO_CODE_PATTERN, zPromoCode } from './promo-code-field.ts';

const codeFields = {
  code: zPromoCode(),
  kind: z.enum(PROMO_KINDS, { error: "Choose 'percent' or 'amount'." }),
  value: z
    .number({ error: 'Enter the discount: a percentage (0–100) or an amount in cents.' })
    .int('Enter a whole number.')
    .min(0, 'Enter 0 or more.')
    .max(PRICE_MAX, 'Enter a smaller amount.'),
  type_ids: z
    .array(zUuid('Choose ticket types of this event.'))
    .min(1, 'Choose at least one ticket type, or leave it empty for all.')
    .max(MAX_TICKET_TYPES, 'Choose fewer ticket types.')
    .nullable(),
  max_uses: z
    .number({ error: 'Enter how many orders may use it, or leave it empty.' })
    .int('Enter a whole number.')
    .min(1, 'Enter 1 or more, or leave it empty.')
    .max(1_000_000, 'Enter a smaller number.')
    .nullable(),
  per_order: z
    .number({ error: `Enter 1 to ${PER_ORDER_MAX}, or leave it empty.` })
    .int('Enter a whole number.')
    .min(1, `Enter 1 to ${PER_ORDER_MAX}, or leave it empty.`)
    .max(PER_ORDER_MAX, `Enter 1 to ${PER_ORDER_MAX}, or leave it empty.`)
    .nullable(),
  expires_at: z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-12-24T18:00:00Z.' }).nullable(),
};

function checkPercent(v: { kind?: string; value?: number }, ctx: z.RefinementCtx) {
  if (v.kind === 'percent' && v.value !== undefined && v.value > 100)
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is 0 to 100.' });
}

export const ZPromoCodeInput = z
  .strictObject({
    ...codeFields,
    type_ids: codeFields.type_ids.default(null),
    max_uses: codeFields.max_uses.default(null),
    per_order: codeFields.per_order.default(null),
    expires_at: codeFields.expires_at.default(null),
  })
  .superRefine(checkPercent)
  .meta({ id: 'PromoCodeInput' });
export type TPromoCodeInput = z.input<typeof ZPromoCodeInput>;

/** A change: any of the fields (a change of kind checks the value again on the stored row merged with it). */
export const ZPromoCodePatch = z.strictObject(codeFields).partial().superRefine(checkPercent).meta({ id: 'PromoCodePatch' });
export type TPromoCodePatch = z.input<typeof ZPromoCodePatch>;

/** The host's view: the settings and `uses` (orders holding seats with it: paid, free or held at a checkout). */
export const ZPromoCode = z
  .strictObject({
    id,
    code: z.string(),
    kind: z.enum(PROMO_KINDS),
    value: z.number().int(),
    type_ids: z.array(id).nullable(),
    max_uses: z.number().int().nullable(),
    uses: z.number().int(),
    per_order: z.number().int().nullable(),
    expires_at: dateTime.nullable(),
  })
  .meta({ id: 'PromoCode' });
export type TPromoCode = z.infer<typeof ZPromoCode>;
export const ZPromoCodeList = z.strictObject({ promo_codes: z.array(ZPromoCode) });
export const ZPromoCodeAnswer = z.strictObject({ promo_code: ZPromoCode });

/** A guest's lookup of a code on the event page. */
export const ZPromoLookup = z.strictObject({ code: zPromoCode(PROMO_CODE_INVALID) }).meta({ id: 'PromoLookup' });

/**
 * A code that applies now: its terms (pricing.ts PromoTerms) and the hidden types it unlocks. Every code that does
 * not apply (unknown, expired, used up) gets the same 400 on `code`.
 */
export const ZPromoLookupAnswer = z
  .strictObject({
    promo: z.strictObject({
      code: z.string(),
      kind: z.enum(PROMO_KINDS),
      value: z.number().int(),
      type_ids: z.array(id).nullable(),
      per_order: z.number().int().nullable(),
    }),
    unlocked: z.array(ZPublicTicketType),
  })
  .meta({ id: 'PromoLookupAnswer' });
export type TPromoLookupAnswer = z.infer<typeof ZPromoLookupAnswer>;

/** An event's tax and booking fee, as the host sets them and the page shows them. */
export const ZEventCharges = z
  .strictObject({
    tax_name: zText({ error: 'Name the tax, e.g. VAT.' })
      .max(40, 'Use at most 40 characters.')
      .transform((v) => (v === '' ? null : v))
      .nullable(),
    tax_rate_bp: z
      .number({ error: 'Enter the tax rate in basis points (2000 = 20%).' })
      .int('Enter the rate in basis points (a whole number: 2000 = 20%).')
      .min(1, 'Enter a rate above 0, or clear the tax.')
      .max(10_000, 'Enter a rate of at most 100%.')
      .nullable(),
    tax_inclusive: z.boolean(),
    booking_fee: z
      .number({ error: 'Enter the booking fee in cents, 0 for none.' })
      .int('Enter the fee in cents (a whole number).')
      .min(0, 'Enter 0 or more.')
      .max(PRICE_MAX, 'Enter a smaller fee.'),
  })
  .superRefine((v, ctx) => {
    if (v.tax_name && v.tax_rate_bp === null) ctx.addIssue({ code: 'custom', path: ['tax_rate_bp'], message: 'Enter the tax rate.' });
    if (!v.tax_name && v.tax_rate_bp !== null) ctx.addIssue({ code: 'custom', path: ['tax_name'], message: 'Name the tax, e.g. VAT.' });
  })
  .meta({ id: 'EventCharges' });
export type TEventCharges = z.output<typeof ZEventCharges>;
export const ZEventChargesAnswer = z.strictObject({
  charges: z
    .strictObject({
      tax_name: z.string().nullable(),
      tax_rate_bp: z.number().int().nullable(),
      tax_inclusive: z.boolean(),
      booking_fee: z.number().int(),
    })
    .meta({ id: 'EventChargesView' }),
});
