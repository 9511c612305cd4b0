import { getCountries, getCountryCallingCode, Metadata, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { PHONE_INVALID } from '../../common/phone.ts';
import { AppError } from '../errors.ts';

/** Each calling code's national number patterns, one per region that uses it ('1' → US, CA, …), built on first use. */
let plans: Map<string, RegExp[]> | undefined;

function patternsOf(callingCode: string): RegExp[] {
  if (!plans) {
    plans = new Map();
    const metadata = new Metadata();
    for (const country of getCountries()) {
      metadata.selectNumberingPlan(country);
      // The plan's general pattern: every number of the region matches it (`[2-9]\d{9}|3\d{6}` for the US).
      const plan = metadata.numberingPlan as unknown as { nationalNumberPattern(): string };
      const code = getCountryCallingCode(country);
      plans.set(code, [...(plans.get(code) ?? []), new RegExp(`^(?:${plan.nationalNumberPattern()})$`)]);
    }
  }
  return plans.get(callingCode) ?? [];
}

/**
 * Whether an E.164 number can be one in its region (docs/product.md#phone-numbers): a possible length,
 * and valid for a region of its calling code or at least shaped like that region's numbers, so
 * `0000000000` (+1 000…: no NANP area code starts with 0) is refused while an unassigned but
 * well-formed number (+1 555 …) is kept.
 */
export function isPossiblePhone(e164: string): boolean {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isPossible()) return false;
  if (parsed.isValid()) return true;
  return patternsOf(parsed.countryCallingCode).some((p) => p.test(parsed.nationalNumber));
}

/**
 * A stored or texted phone number (docs/product.md#phone-numbers) must be a possible one for its
 * region's numbering plan: 400 naming `field` otherwise. The schemas already normalised it to E.164.
 */
export function assertPossiblePhone(phone: string | null | undefined, field = 'phone'): void {
  if (!phone) return;
  if (!isPossiblePhone(phone)) throw new AppError('validation_failed', PHONE_INVALID, { [field]: PHONE_INVALID });
}
