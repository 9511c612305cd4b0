import { z } from 'zod';
import { isMaskedHint, PUBLISHABLE_KEY_PATTERN, SECRET_KEY_PATTERN, STRIPE_KEY_MSG } from '../stripe-keys.ts';
import { zText } from './text.ts';

/**
 * A host's own Stripe account (docs/product.md#stripe-account, ADR 0027): entered once on the Account
 * page, chosen by paid events instead of per-event keys. Secrets are write-only: answers carry hints.
 */

const key = (pattern: RegExp, message: string, required: string) =>
  zText()
    .min(1, required)
    .max(255, 'Use at most 255 characters.')
    .refine((v) => pattern.test(v) || isMaskedHint(v), message);

/** Saving: the publishable key, the secret key (omitted, '' or its masked hint keeps the stored one) and the webhook signing secret (likewise; null removes it). */
export const ZStripeAccountInput = z
  .object({
    publishable_key: key(PUBLISHABLE_KEY_PATTERN, STRIPE_KEY_MSG.publishable, 'Enter the publishable key.').refine(
      (v) => !isMaskedHint(v),
      STRIPE_KEY_MSG.publishable,
    ),
    secret_key: key(SECRET_KEY_PATTERN, STRIPE_KEY_MSG.secret, 'Enter the secret key.')
      .or(z.literal(''))
      .transform((v) => (v === '' || isMaskedHint(v) ? undefined : v))
      .optional(),
    webhook_secret: key(/^whsec_/, STRIPE_KEY_MSG.webhook, 'Enter the webhook signing secret.')
      .or(z.literal(''))
      .transform((v) => (v === '' || isMaskedHint(v) ? undefined : v))
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    const pk = /^pk_(test|live)_/.exec(v.publishable_key)?.[1];
    const sk = v.secret_key && /^sk_(test|live)_/.exec(v.secret_key)?.[1];
    if (pk && sk && pk !== sk) ctx.addIssue({ code: 'custom', path: ['secret_key'], message: STRIPE_KEY_MSG.modeMismatch });
  });
export type TStripeAccountInput = z.input<typeof ZStripeAccountInput>;
export type TStripeAccountInputParsed = z.output<typeof ZStripeAccountInput>;

/** "Test the keys": the keys typed now, or (omitted) the saved ones. */
export const ZStripeKeyTestInput = z.object({
  publishable_key: key(PUBLISHABLE_KEY_PATTERN, STRIPE_KEY_MSG.publishable, 'Enter the publishable key.').optional(),
  secret_key: key(SECRET_KEY_PATTERN, STRIPE_KEY_MSG.secret, 'Enter the secret key.')
    .or(z.literal(''))
    .transform((v) => (v === '' || isMaskedHint(v) ? undefined : v))
    .optional(),
});
export type TStripeKeyTestInput = z.input<typeof ZStripeKeyTestInput>;

export const STRIPE_KEY_VERDICTS = ['works', 'wrong_key', 'mode_mismatch', 'no_permission', 'unreachable'] as const;
export type StripeKeyVerdict = (typeof STRIPE_KEY_VERDICTS)[number];

/** The verdict of a real read call to Stripe (its account) with the secret key. */
export const ZStripeKeyTest = z
  .strictObject({
    verdict: z.enum(STRIPE_KEY_VERDICTS),
    /** One sentence for the host. */
    message: z.string(),
    /** 'test' or 'live', from the secret key. */
    mode: z.enum(['test', 'live']),
    /** What Stripe said about the account, when it answered. */
    account: z.strictObject({ id: z.string(), name: z.string().nullable(), charges_enabled: z.boolean() }).nullable(),
  })
  .meta({ id: 'StripeKeyTest' });
export type TStripeKeyTest = z.infer<typeof ZStripeKeyTest>;

/** What the host sees of their saved account: never a secret, only hints. */
export const ZStripeAccount = z
  .strictObject({
    id: z.string(),
    publishable_key: z.string(),
    secret_key_masked: z.string(),
    webhook_secret_masked: z.string().nullable(),
    mode: z.enum(['test', 'live']),
    /** This account's webhook endpoint path (/api/payments/webhook/account/{id}). */
    webhook_path: z.string(),
    /** The last successful test of the saved keys: Stripe's acct_… id, its name, when. */
    checked: z.strictObject({ account_ref: z.string(), name: z.string().nullable(), at: z.string() }).nullable(),
    /** How many events are paid into it (it cannot be removed while any is). */
    events_using: z.number().int(),
    updated_at: z.string(),
  })
  .meta({ id: 'StripeAccount' });
export type TStripeAccount = z.infer<typeof ZStripeAccount>;

export const ZStripeAccountAnswer = z.strictObject({ account: ZStripeAccount.nullable() });
export type TStripeAccountAnswer = z.infer<typeof ZStripeAccountAnswer>;
