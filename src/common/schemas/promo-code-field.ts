import { z } from 'zod';

/** A promo code as typed (docs/product.md#promo-codes): kept small, as the guest's order form bundles it. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
/** The one answer for every code that does not apply (unknown, expired, used up). */
export const PROMO_CODE_INVALID = 'This code is not valid for this event.';

/** Trimmed and upper-cased, 3–32 letters, digits, '-' or '_'. */
export const zPromoCode = (message = 'Use 3 to 32 letters, digits, - or _.') =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(PROMO_CODE_PATTERN, message));
