import type { Charges } from '../../common/pricing.ts';
import { events } from '../db/schema/events.ts';

/**
 * An event's tax and booking fee as pricing.ts takes them (docs/decisions/0033-promo-codes-and-charges.md): the
 * order form (rsvps/load-rsvp-event.ts), the public event and the host's settings read the same columns.
 */
export const eventChargesColumns = {
  tax_name: events.tax_name,
  tax_rate_bp: events.tax_rate_bp,
  tax_inclusive: events.tax_inclusive,
  booking_fee: events.booking_fee,
};

export const chargesOf = (r: Charges): Charges => ({
  tax_name: r.tax_name,
  tax_rate_bp: r.tax_rate_bp,
  tax_inclusive: r.tax_inclusive,
  booking_fee: r.booking_fee,
});
