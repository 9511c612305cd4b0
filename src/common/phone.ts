import { PHONE_DEFAULT_COUNTRY_CODE } from './constants.ts';

/**
 * docs/product.md#phone-numbers: digits only, prefix 1 unless it already starts with 1, then a plus
 * sign. A number typed with a leading '+' already names its country and keeps it ('+44 20…' stays
 * +4420…). '' stays ''.
 */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (!digits) return '';
  if (raw.trim().startsWith('+')) return `+${digits}`;
  return `+${digits.startsWith(PHONE_DEFAULT_COUNTRY_CODE) ? digits : PHONE_DEFAULT_COUNTRY_CODE + digits}`;
}

export const PHONE_INVALID = 'Please enter a valid phone number.';

/**
 * The browser's cheap check of a normalised number (docs/product.md#phone-numbers): E.164 has 8 to 15
 * digits. The server also checks it against the numbering plans (libphonenumber-js), which stay out of
 * the guest pages' first load.
 */
export function isPlausiblePhone(e164: string): boolean {
  return /^\+\d{8,15}$/.test(e164);
}
