/**
 * Pure display helpers for the RSVP dialog and the ticket page. Event dates come from
 * features/events/datetime.ts (shown in the EVENT's zone, the same on the event page and the ticket).
 */
import { zonedFormat } from '../../../common/zoned-format.ts';
import type { Tone } from '../../lib/rsvp-status.ts';

// Prices have a module of their own: the event page's first load needs only them (price.ts).
export { formatPrice } from './price.ts';

/** 'May 3, 2025' in the event's zone ('RSVP confirmed on …'). */
export function formatShortDate(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return zonedFormat('short-date', timeZone, { year: 'numeric', month: 'long', day: 'numeric' }).format(ms);
}

/** docs/product.md#rsvp-dialog: '1 guest', '2 guests'. */
export function guestLabel(n: number): string {
  return `${n} ${n === 1 ? 'guest' : 'guests'}`;
}

/** docs/product.md#rsvp-dialog: the party-size choice, 'Just me', 'Me + 1' … 'Me + 9' (1 to 10 in total). */
export function partySizeLabel(n: number): string {
  return n <= 1 ? 'Just me' : `Me + ${n - 1}`;
}

export { statusBadge } from '../../lib/rsvp-status.ts';

/** Paid events only: 'Paid' when payment_status is paid, otherwise 'Pending'. */
export function paymentBadge(paymentStatus: string | null | undefined): { label: string; tone: Tone } {
  return paymentStatus === 'paid' ? { label: 'Paid', tone: 'success' } : { label: 'Pending', tone: 'warning' };
}

/** '123456' → '123 456' for reading aloud at the door; other shapes are left alone. */
export function formatPin(pin: string): string {
  return /^\d{6}$/.test(pin) ? `${pin.slice(0, 3)} ${pin.slice(3)}` : pin;
}
