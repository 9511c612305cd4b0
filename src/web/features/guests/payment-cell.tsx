import type { TGuestRow } from '../../../common/schemas/guests.ts';
import { cn } from '../../lib/cn.ts';
import { PAYMENT_TONE, paymentAmount, paymentLabel, refundedAmount } from './payment.ts';

type Payment = Pick<TGuestRow, 'payment_status' | 'payment_amount' | 'payment_currency' | 'payment_id'> &
  Partial<Pick<TGuestRow, 'refunded_amount'>>;

/** A paid event's payment in the guest list (`full`: the whole Stripe id, in the RSVP detail): status, amount and Stripe's payment id; '-' for a free answer (maybe, no). */
export function PaymentCell({ guest, full }: { guest: Payment; full?: boolean }) {
  const label = paymentLabel(guest);
  if (!label) return <span className="text-ink/70">-</span>;
  const amount = paymentAmount(guest);
  return (
    <div className="min-w-0">
      <span className={cn('font-medium', PAYMENT_TONE[guest.payment_status ?? ''])}>{label}</span>
      {amount ? <span className="tabular-nums text-ink/80"> · {amount}</span> : null}
      {refundedAmount(guest) ? <span className="block text-xs tabular-nums text-ink/70">{refundedAmount(guest)} refunded</span> : null}
      {guest.payment_id ? (
        <span
          className={cn('block font-mono text-xs text-ink/70', full ? 'break-all select-all' : 'max-w-40 truncate')}
          title={guest.payment_id}
        >
          {guest.payment_id}
        </span>
      ) : null}
    </div>
  );
}
