import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '../../../common/messages.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { payNow, refreshAfterPayNow } from './api/pay-now.ts';
import { PAY_CARD } from './payment-state.ts';

/**
 * Pay now (docs/product.md#manage-page): opens the answer's checkout (the open one, or its seats held
 * again) and leaves for it; a refusal (the seats are gone, or it was paid meanwhile) is said under it.
 */
export function PayNowButton({ manageUrl, detail }: { manageUrl: string; detail?: string | null }) {
  const qc = useQueryClient();
  // Busy from the click until the browser has left for the checkout.
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = () => {
    setBusy(true);
    setError(null);
    payNow(manageUrl).then(
      (answer) => window.location.assign(answer.checkout_url),
      (err: unknown) => {
        setBusy(false);
        setError(toUserMessage(err, MSG.submitFailed));
        refreshAfterPayNow(qc, manageUrl);
      },
    );
  };
  return (
    <div className="grid justify-items-start gap-1.5">
      <button
        type="button"
        onClick={onClick}
        disabled={busy}
        aria-busy={busy}
        className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl bg-(--event-accent) px-5 text-sm font-semibold text-(--event-on-accent) hover:brightness-110 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? <span className="size-4 animate-spin rounded-full border-2 border-current/30 border-t-current" aria-hidden="true" /> : null}
        {busy ? PAY_CARD.openingCheckout : PAY_CARD.payNow}
      </button>
      {detail ? <span className="text-sm opacity-80">{detail}</span> : null}
      {error ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {error}
        </p>
      ) : null}
    </div>
  );
}
