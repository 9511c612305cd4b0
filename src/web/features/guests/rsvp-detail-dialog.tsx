import * as React from 'react';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { GUESTS_MAX, GUESTS_MIN, isAnswerStatus, RSVP_STATUSES, type RsvpStatus } from '../../../common/constants.ts';
import type { TGuestDetail } from '../../../common/schemas/guests.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/input.tsx';
import { formatDateTime } from './format.ts';
import { useQuestions } from '../../lib/queries/event-questions.ts';
import { notify } from '../../lib/toast.ts';
import { WaitlistPromote } from './waitlist-promote.tsx';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { useGuest } from './api/get-guest.ts';
import { useDeleteGuest, usePatchGuest } from './api/guest-mutations.ts';
import { ContactList, GuestLoader, type GuestTarget } from './guest-dialog-parts.tsx';
import { TYPE_LABEL } from './status.ts';
import { QrActions, QrImage, TicketLink } from './qr-actions.tsx';
import { PaymentCell } from './payment-cell.tsx';
import { isPaid, paymentAmount } from './payment.ts';
import { RSVP_STATUS_LABEL } from '../../../common/messages.ts';
import { RefundSection } from './refund-section.tsx';

/**
 * The RSVP detail dialog for staff (docs/product.md#guest-list): the answer, its QR ticket (image, link,
 * e-mail), a change of status or party size (capacity rules hold) and delete.
 */
export function RsvpDetailDialog({
  eventId,
  target,
  onClose,
  onDeleted,
  canRefund = false,
}: {
  eventId: string;
  target: GuestTarget | null;
  /** The signed-in user owns the event: payments can be refunded here (docs/decisions/0011-event-roles.md). */
  canRefund?: boolean;
  onClose: () => void;
  /** After a delete (the dialog closes itself). */
  onDeleted?: (rsvpId: string) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(o) => !o && onClose()}>
      {target ? (
        <DialogContent title={target.name} description="RSVP details" className="sm:max-w-2xl">
          <DetailBody
            eventId={eventId}
            rsvpId={target.rsvpId}
            canRefund={canRefund}
            onDeleted={() => {
              onDeleted?.(target.rsvpId);
              onClose();
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DetailBody({
  eventId,
  rsvpId,
  onDeleted,
  canRefund,
}: {
  eventId: string;
  rsvpId: string;
  onDeleted: () => void;
  canRefund: boolean;
}) {
  const guest = useGuest(eventId, rsvpId);
  // The answers to the host's questions, in form order (docs/product.md#custom-questions).
  const questions = useQuestions(eventId).data;
  return (
    <GuestLoader query={guest}>
      {(g) => (
        <div className="grid grid-cols-1 gap-5">
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-[auto_minmax(0,1fr)]">
            <div className="flex justify-center sm:block">
              <QrImage guest={g} />
            </div>
            <ContactList guest={g}>
              <dt className="text-ink/70">Guests</dt>
              <dd>{g.guest_count}</dd>
              <dt className="text-ink/70">PIN</dt>
              <dd className="font-mono tabular-nums">{g.pin ?? '-'}</dd>
              <dt className="text-ink/70">Type</dt>
              <dd>{TYPE_LABEL[g.type] ?? g.type}</dd>
              {g.payment_status ? (
                <>
                  <dt className="text-ink/70">Payment</dt>
                  <dd>
                    <PaymentCell guest={g} full />
                  </dd>
                </>
              ) : null}
              <dt className="text-ink/70">Checked in</dt>
              <dd>{g.checked_in_at ? formatDateTime(g.checked_in_at) : 'Not checked in yet'}</dd>
              <dt className="text-ink/70">Answered</dt>
              <dd>{formatDateTime(g.created_at)}</dd>
              {g.reminders_off ? (
                <>
                  <dt className="text-ink/70">Reminders</dt>
                  <dd>Off: the guest stopped them</dd>
                </>
              ) : null}
              {(questions ?? [])
                .filter((q) => g.answers[q.id])
                .map((q) => (
                  <React.Fragment key={q.id}>
                    <dt className="text-ink/70">{q.label}</dt>
                    <dd className="min-w-0 whitespace-pre-wrap break-words">{g.answers[q.id]}</dd>
                  </React.Fragment>
                ))}
              {g.notes ? (
                <>
                  <dt className="text-ink/70">Notes</dt>
                  <dd className="min-w-0 whitespace-pre-wrap break-words">{g.notes}</dd>
                </>
              ) : null}
            </ContactList>
          </div>
          <TicketLink eventId={eventId} guest={g} />
          <QrActions eventId={eventId} guest={g} />
          {isAnswerStatus(g.status) ? (
            <ChangeAnswer key={`${g.status}:${g.guest_count}`} eventId={eventId} guest={g} status={g.status} />
          ) : null}
          {g.status === 'waitlisted' ? <WaitlistPromote eventId={eventId} guest={g} /> : null}
          {canRefund && isPaid(g) ? <RefundSection eventId={eventId} guest={g} /> : null}
          <DeleteGuest eventId={eventId} guest={g} onDeleted={onDeleted} />
        </div>
      )}
    </GuestLoader>
  );
}

/** Staff change the status or the party size; a full event refuses with the server's message. */
function ChangeAnswer({ eventId, guest, status: current }: { eventId: string; guest: TGuestDetail; status: RsvpStatus }) {
  const patch = usePatchGuest(eventId, guest.id);
  const [status, setStatus] = useState<RsvpStatus>(current);
  const [count, setCount] = useState(guest.guest_count);
  const [error, setError] = useState<string>();
  const headingId = useId();
  const changed = status !== guest.status || count !== guest.guest_count;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!changed) return;
    setError(undefined);
    try {
      await patch.mutateAsync({
        ...(status !== guest.status ? { status } : {}),
        ...(count !== guest.guest_count ? { guest_count: count } : {}),
      });
      notify.success('RSVP updated', `${guest.name}: ${RSVP_STATUS_LABEL[status]}, ${count} ${count === 1 ? 'guest' : 'guests'}.`);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      const message = fields ? Object.values(fields)[0]! : toUserMessage(err);
      setError(message);
      notify.error('Failed to update RSVP', message);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-3 border-t border-ink/10 pt-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        Change the answer
      </h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field label="Status">
          <Select value={status} onChange={(e) => setStatus(e.target.value as RsvpStatus)}>
            {RSVP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RSVP_STATUS_LABEL[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Guests">
          <Select value={count} onChange={(e) => setCount(Number(e.target.value))}>
            {Array.from({ length: GUESTS_MAX - GUESTS_MIN + 1 }, (_, i) => i + GUESTS_MIN).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'guest' : 'guests'}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={!changed || patch.isPending} aria-busy={patch.isPending || undefined}>
          {patch.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p className="text-xs text-ink/70">
          The guest is e-mailed about the change.
          {isPaid(guest) && status === 'declined' && guest.status !== 'declined'
            ? ` Their payment${paymentAmount(guest) ? ` of ${paymentAmount(guest)}` : ''} is refunded through Stripe.`
            : ''}
        </p>
      )}
    </form>
  );
}

function DeleteGuest({ eventId, guest, onDeleted }: { eventId: string; guest: TGuestDetail; onDeleted: () => void }) {
  const remove = useDeleteGuest(eventId);
  const [confirming, setConfirming] = useState(false);
  // docs/product.md#payments: removing a paid answer refunds it, exactly once.
  const refund = isPaid(guest) ? (paymentAmount(guest) ?? 'the ticket') : null;

  async function onConfirm() {
    try {
      await remove.mutateAsync(guest.id);
      setConfirming(false);
      notify.success('RSVP deleted', guest.name);
      onDeleted();
    } catch (err) {
      notify.error('Failed to delete RSVP', toUserMessage(err));
    }
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-ink/10 pt-4">
      <Button variant="ghost" className="text-danger hover:bg-red-50" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" />
        Delete RSVP
      </Button>
      <DialogClose asChild>
        <Button variant="outline">Close</Button>
      </DialogClose>
      <AlertDialog open={confirming} onOpenChange={(o) => !o && !remove.isPending && setConfirming(false)}>
        {confirming ? (
          <AlertDialogContent
            title="Delete this RSVP?"
            description={
              <>
                The answer of <strong className="font-semibold text-ink">{guest.name}</strong> is deleted, their seats are freed and their
                ticket stops working.{refund ? ` Their payment of ${refund} is refunded through Stripe.` : ''} This action cannot be undone.
              </>
            }
            confirmLabel={remove.isPending ? 'Deleting…' : 'Delete RSVP'}
            busy={remove.isPending}
            onConfirm={onConfirm}
          />
        ) : null}
      </AlertDialog>
    </div>
  );
}
