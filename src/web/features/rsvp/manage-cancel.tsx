import * as React from 'react';
import { MSG } from '../../../common/messages.ts';
import { PAYMENT_MSG } from '../../../common/payment-texts.ts';
import type { TManagedRsvp, TManagedRsvpAnswer } from '../../../common/schemas/rsvps.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '../../components/ui/alert-dialog.tsx';
import { toUserMessage } from '../../lib/user-message.ts';
import { useCancelManagedRsvp } from './api/change-managed-rsvp.ts';
import type { ManageNotice } from './manage-view.tsx';
import { guestPayment, paidAmount, payable } from './payment-state.ts';

/**
 * Cancel the answer after a confirmation (docs/product.md#manage-page): it becomes "not going", its
 * seats are freed (even on a full event), its ticket stops working and the link to this page is
 * replaced; the new one is e-mailed and the page carries on under it.
 */
export function ManageCancel({
  rsvp,
  secret,
  onAnswer,
  disabled,
}: {
  rsvp: TManagedRsvp;
  secret: string;
  onAnswer(answer: TManagedRsvpAnswer, kind: ManageNotice['kind']): void;
  disabled?: boolean;
}) {
  const [open, setOpen] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const cancel = useCancelManagedRsvp(secret);
  // docs/product.md#payments: a paid answer is refunded when cancelled if the host allows it; if not, there is
  // no cancel here, only who to ask. Either way the guest reads it before confirming.
  const payment = guestPayment(rsvp.event.is_paid_event, rsvp);
  const amount = paidAmount(rsvp.payment_amount, rsvp.payment_currency) ?? 'your payment';
  const refund = payment === 'paid' && rsvp.event.guest_refunds_allowed;
  const seats = rsvp.status === 'confirmed' ? (rsvp.guest_count === 1 ? 'Your seat goes' : `Your ${rsvp.guest_count} seats go`) : null;

  if (payment === 'paid' && !rsvp.event.guest_refunds_allowed) {
    return (
      <section aria-labelledby="cancel-heading" className="grid justify-items-start gap-2 border-t border-ink/10 pt-5">
        <h2 id="cancel-heading" className="font-semibold">
          Can't come after all?
        </h2>
        <p className="text-sm text-ink/75">{PAYMENT_MSG.guestRefundsOff}</p>
      </section>
    );
  }

  const confirm = () => {
    setError(null);
    cancel.mutate(undefined, {
      onSuccess: (answer) => {
        setOpen(false);
        onAnswer(answer, 'cancelled');
      },
      onError: (err) => setError(toUserMessage(err, MSG.submitFailed)),
    });
  };

  return (
    <section aria-labelledby="cancel-heading" className="grid justify-items-start gap-2 border-t border-ink/10 pt-5">
      <h2 id="cancel-heading" className="font-semibold">
        Can't come after all?
      </h2>
      <p className="text-sm text-ink/75">
        {refund
          ? `Cancelling refunds ${amount} to your card, tells the host and frees your place for someone else.`
          : 'Cancelling tells the host and frees your place for someone else.'}
      </p>
      <AlertDialog
        open={open}
        onOpenChange={(next) => {
          if (cancel.isPending) return;
          setOpen(next);
          if (!next) setError(null);
        }}
      >
        <AlertDialogTrigger
          className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-danger/40 bg-white px-4 text-sm font-medium text-danger hover:bg-danger/5 disabled:cursor-not-allowed disabled:opacity-50"
          disabled={disabled}
        >
          Cancel RSVP
        </AlertDialogTrigger>
        <AlertDialogContent
          title="Cancel your RSVP?"
          description={
            <>
              {seats
                ? `${seats} to someone else and ${payable(payment) ? 'your checkout is closed' : 'your ticket stops working'}. `
                : null}
              {refund ? `Your payment of ${amount} is refunded in full to your card. ` : null}
              {rsvp.email_delivery === 'smtp'
                ? "We'll e-mail you a new link to this page, in case you change your mind."
                : 'This page then moves to a new link: keep it, in case you change your mind.'}
              {error ? (
                <span role="alert" className="mt-3 block font-medium text-danger">
                  {error}
                </span>
              ) : null}
            </>
          }
          cancelLabel="Keep my RSVP"
          confirmLabel={cancel.isPending ? 'Cancelling...' : 'Cancel RSVP'}
          busy={cancel.isPending}
          onConfirm={confirm}
        />
      </AlertDialog>
    </section>
  );
}
