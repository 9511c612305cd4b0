import { type FormEvent, useId, useState } from 'react';
import type { TGuestDetail } from '../../../common/schemas/guests.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { RadioGroup, type RadioOption } from '../../components/ui/radio-group.tsx';
import { formatMinorUnits } from '../../lib/money.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useRefund } from './api/guest-mutations.ts';
import { type RefundChoice, refundable, refundLeft, refundQuote } from './refund-quote.ts';

type Kind = RefundChoice['kind'];

/**
 * The owner refunds a paid order (docs/product.md#refunds): some of its tickets, an amount, or the whole of what is
 * left. The confirmation names the exact amount and the guest's address before anything moves; the server refunds
 * that figure or refuses (expected_amount).
 */
export function RefundSection({ eventId, guest }: { eventId: string; guest: TGuestDetail }) {
  const refund = useRefund(eventId, guest.id);
  const tickets = guest.tickets ?? [];
  const hasTickets = tickets.some(refundable);
  const [kind, setKind] = useState<Kind>(hasTickets ? 'tickets' : 'whole');
  const [ticketIds, setTicketIds] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const headingId = useId();
  const currency = guest.payment_currency ?? 'usd';
  const money = (n: number) => formatMinorUnits(n, currency);
  const left = refundLeft(guest);
  const choice: RefundChoice = kind === 'tickets' ? { kind, ticketIds } : kind === 'amount' ? { kind, text } : { kind };
  const quote = refundQuote(guest, choice);

  const options: RadioOption<Kind>[] = [
    ...(hasTickets ? [{ value: 'tickets' as const, label: 'Tickets', hint: 'Each at its price; its seat is freed' }] : []),
    { value: 'amount', label: 'An amount', hint: 'Part of the payment; tickets stay valid' },
    { value: 'whole', label: 'The whole order', hint: `${money(left)} left; the order is cancelled` },
  ];

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTried(true);
    setError(undefined);
    if (quote.ok) setConfirming(true);
  }

  async function onConfirm() {
    if (!quote.ok) return;
    try {
      const { refund: made } = await refund.mutateAsync(quote.body);
      setConfirming(false);
      setTicketIds([]);
      setText('');
      setTried(false);
      notify.success(`Refunded ${money(made.amount)}`, guest.email ? `${guest.email} is e-mailed about it.` : guest.name);
    } catch (err) {
      setConfirming(false);
      const message = toUserMessage(err);
      setError(message);
      notify.error('The refund was not made', message);
    }
  }

  const toggle = (id: string, on: boolean) => setTicketIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const shownError = error ?? (tried && !quote.ok ? quote.error : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 border-t border-ink/10 pt-4" aria-labelledby={headingId}>
      <div>
        <h3 id={headingId} className="font-semibold">
          Refund
        </h3>
        <p className="text-xs text-ink/70">
          Paid {money(guest.payment_amount ?? 0)}
          {guest.refunded_amount ? `, ${money(guest.refunded_amount)} refunded so far` : ''}. Refunds go back through Stripe and the guest
          is e-mailed.
        </p>
      </div>
      <RadioGroup legend="What to refund" name={`refund-${guest.id}`} value={kind} onValueChange={setKind} options={options} />
      {kind === 'tickets' ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium">Tickets to refund</legend>
          {tickets.map((t) => {
            const why = t.refunding
              ? t.refunded_amount !== null
                ? `refunded ${money(t.refunded_amount)}`
                : 'being refunded'
              : t.checked_in_count
                ? 'used at the door'
                : null;
            return (
              <label
                key={t.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-ink/20 bg-white px-3 py-2 text-sm has-checked:border-accent has-checked:bg-violet-50 has-disabled:cursor-not-allowed has-disabled:opacity-60"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-accent"
                  checked={ticketIds.includes(t.id)}
                  disabled={Boolean(why)}
                  onChange={(e) => toggle(t.id, e.target.checked)}
                />
                <span className="min-w-0 flex-1">{t.label}</span>
                <span className="tabular-nums text-ink/80">{why ?? money(t.amount)}</span>
              </label>
            );
          })}
        </fieldset>
      ) : null}
      {kind === 'amount' ? (
        <Field label={`Amount (${currency.toUpperCase()})`} hint={`Less than ${money(left)}`}>
          <Input inputMode="decimal" autoComplete="off" placeholder="10.00" value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
      ) : null}
      {shownError ? (
        <p role="alert" className="text-sm text-danger">
          {shownError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm tabular-nums" aria-live="polite">
          {quote.ok ? `To refund: ${money(quote.amount)}` : ''}
        </p>
        <Button type="submit" variant="outline" disabled={refund.isPending}>
          Refund…
        </Button>
      </div>
      <AlertDialog open={confirming} onOpenChange={(o) => !o && !refund.isPending && setConfirming(false)}>
        {confirming && quote.ok ? (
          <AlertDialogContent
            title={`Refund ${money(quote.amount)} to ${guest.email ?? guest.name}?`}
            description={
              <>
                {quote.labels.length ? `${quote.labels.join(', ')}. ` : ''}
                {quote.whole
                  ? 'The order is cancelled, its tickets stop working and its seats are freed.'
                  : quote.labels.length
                    ? `${quote.labels.length === 1 ? 'This ticket stops' : 'These tickets stop'} working and ${quote.labels.length === 1 ? 'its seat is' : 'their seats are'} freed; the rest of the order stays valid.`
                    : 'The tickets stay valid.'}{' '}
                The money goes back through Stripe and cannot be taken again.
              </>
            }
            confirmLabel={refund.isPending ? 'Refunding…' : `Refund ${money(quote.amount)}`}
            busy={refund.isPending}
            onConfirm={onConfirm}
          />
        ) : null}
      </AlertDialog>
    </form>
  );
}
