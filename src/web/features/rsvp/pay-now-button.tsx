import { clsx as cn } from 'clsx';
import { MSG } from '../../../common/messages.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { PAY } from '../payments/texts.ts';
import { usePayNow } from './api/pay-now.ts';

/**
 * Pay now (docs/product.md#manage-page): opens the answer's checkout (the open one, or its seats held
 * again) and leaves for it; a refusal (the seats are gone, or it was paid meanwhile) is said under it.
 */
export function PayNowButton({ manageUrl, className, detail }: { manageUrl: string; className?: string; detail?: string | null }) {
  const pay = usePayNow(manageUrl);
  // Busy from the click until the browser has left for the checkout.
  const busy = pay.isPending || pay.isSuccess;
  return (
    <div className="grid justify-items-start gap-1.5">
      <button
        type="button"
        onClick={() => pay.mutate()}
        disabled={busy}
        aria-busy={busy}
        className={cn(
          'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl bg-(--event-accent) px-5 text-sm font-semibold text-(--event-on-accent) hover:brightness-110 disabled:cursor-wait disabled:opacity-70',
          className,
        )}
      >
        {busy ? <span className="size-4 animate-spin rounded-full border-2 border-current/30 border-t-current" aria-hidden="true" /> : null}
        {busy ? PAY.openingCheckout : PAY.payNow}
      </button>
      {detail ? <span className="text-sm opacity-80">{detail}</span> : null}
      {pay.isError ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {toUserMessage(pay.error, MSG.submitFailed)}
        </p>
      ) : null}
    </div>
  );
}
