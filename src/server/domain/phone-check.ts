import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import { PHONE_INVALID } from '../../common/phone.ts';
import { AppError } from '../errors.ts';

/**
 * A stored phone number (docs/product.md#phone-numbers) must be a possible one for its country's
 * numbering plan: 400 naming `field` otherwise. The schemas already normalised it to E.164.
 */
export function assertPossiblePhone(phone: string | null | undefined, field = 'phone'): void {
  if (!phone) return;
  if (!isPossiblePhoneNumber(phone)) throw new AppError('validation_failed', PHONE_INVALID, { [field]: PHONE_INVALID });
}
