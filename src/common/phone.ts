import { PHONE_DEFAULT_COUNTRY_CODE } from './constants.ts';

/** docs/product.md#limits-and-constants: digits only, prefix 1 unless it already starts with 1, then a plus sign. '' stays ''. */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (!digits) return '';
  return `+${digits.startsWith(PHONE_DEFAULT_COUNTRY_CODE) ? digits : PHONE_DEFAULT_COUNTRY_CODE + digits}`;
}
