import { MSG } from '../messages.ts';
import { zText } from './text.ts';

export const EMAIL_MAX_LENGTH = 254;

/**
 * One mailbox, lower-cased: a local part of up to 64 characters and a domain of dot-separated
 * labels with at least one dot. No spaces, commas, semicolons, angle brackets, quotes or line
 * breaks, so a value can never name a second recipient or a header.
 */
const EMAIL =
  /^[^\s@,;:<>()[\]\\"]{1,64}@(?:[^\s@,;:<>()[\]\\".-](?:[^\s@,;:<>()[\]\\".]{0,61}[^\s@,;:<>()[\]\\".-])?\.)+[^\s@,;:<>()[\]\\".\d-]{2,63}$/;

/**
 * The one normalisation of an address (trimmed, lower-cased): what zEmail does to every input, and
 * what code applies to an address that did not come through zEmail (the signed-in user's, a stored row).
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The e-mail rule of every form and endpoint that takes an address (RSVP, co-host, owner setup,
 * sign-in, the account use case). `required` is the message for a missing or empty value. The parsed
 * value is normalised (normalizeEmail): code behind it relies on that and does not normalise again.
 */
export const zEmail = (required = 'Email is required') =>
  zText({ error: required, invalid: MSG.invalidEmailText })
    .overwrite(normalizeEmail)
    .min(1, required)
    .max(EMAIL_MAX_LENGTH, MSG.invalidEmailText)
    .regex(EMAIL, MSG.invalidEmailText);

export const ZEmail = zEmail();
