import * as React from 'react';
import { toast } from 'sonner';
import type { RsvpStatus } from '../../../common/constants.ts';
import { MSG } from '../../../common/messages.ts';
import type { TPublicEvent } from '../../../common/schemas/events.ts';
import type { TRsvpResult } from '../../../common/schemas/rsvps.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { EMAIL_INPUT, Input, PHONE_INPUT, Textarea } from '../../components/ui/input.tsx';
import { focusedElement, returnFocus } from '../../lib/return-focus.ts';
import { notify } from '../../lib/toast.ts';
import { errorCode } from '../../lib/error-code.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { type RsvpPayload, useSubmitRsvp } from './api/submit-rsvp.ts';
import { formatEventWhen } from '../../lib/datetime.ts';
import { AnswerButtons, PartySizeField } from './answer-fields.tsx';
import { formatPrice } from './price.ts';
import { partyWords, ticketCount } from './answer-words.ts';
import { sellsTickets } from './ticket-words.ts';
import { RsvpThankYou } from './rsvp-thank-you.tsx';
import { orderOf, type Quantities, TicketPicker } from './ticket-picker.tsx';
import { type AppliedCode, PromoCodeField } from './promo-code-field.tsx';
import { NO_CHARGES } from '../../../common/pricing.ts';
import { useJoinWaitlist } from './api/join-waitlist.ts';
import { answerErrorsOf, checkAnswers, QuestionFields, questionControlId, useAnswers } from './question-fields.tsx';
import { PAY } from '../../../common/payment-texts.ts';
import { type RsvpFieldErrors, type RsvpFormValues, titleFor, toFieldErrors, validateRsvp } from './validate-rsvp.ts';

export type RsvpDialogProps = {
  event: TPublicEvent;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** In the page itself, not a modal: the embedded form (docs/product.md#embedding), free events only. */
  inline?: boolean;
};

/** docs/product.md#rsvp-dialog: the success toast matches the answer; a decline is never told "see you there". */
const submittedText = (status: RsvpStatus) => (status === 'declined' ? MSG.rsvpDeclinedText : MSG.rsvpSubmittedText);

/** Capped events: how many seats are left, so a large party knows before it answers. */
function seatsHint(left: number | null): React.ReactNode {
  if (left === null || left > 20) return undefined;
  return <Hint>{left <= 0 ? 'The event is full.' : `${left} ${left === 1 ? 'seat' : 'seats'} left`}</Hint>;
}

/** Field hints a shade darker than Field's default, for 4.5:1 contrast on white (public page, a11y 100). */
function Hint({ children }: { children: React.ReactNode }) {
  return <span className="text-ink/75">{children}</span>;
}

/** The payload with the answers to the host's questions, when there are any. */
const withAnswers = (payload: RsvpPayload, answers: RsvpPayload['answers']): RsvpPayload =>
  answers && Object.keys(answers).length ? { ...payload, answers } : payload;

const EMPTY: RsvpFormValues = { name: '', email: '', phone: '', notes: '', guest_count: 1, status: 'confirmed' };

/**
 * The RSVP modal of the public event page (docs/product.md#rsvp-dialog): form → submitting → thank-you → closed.
 * Heavy (it pulls in zod through the shared schema): pages load it through LazyRsvpDialog.
 */
export function RsvpDialog({ event, open, onOpenChange, inline = false }: RsvpDialogProps) {
  // docs/product.md#capacity: a full event still takes Maybe and No, so the form starts on Maybe.
  const full = event.seats_left === 0;
  // docs/product.md#waitlist: with the host's waitlist on, a full event's "Yes" joins the line instead.
  const waitlist = full && event.waitlist;
  const [place, setPlace] = React.useState<number | null>(null);
  const join = useJoinWaitlist(event.id);
  const [values, setValues] = React.useState<RsvpFormValues>(EMPTY);
  // docs/product.md#ticket-types: an event with ticket types takes an order (a quantity of each) instead of a party size.
  // docs/product.md#promo-codes: an applied code prices the order and may unlock hidden types, listed after the others.
  const [applied, setApplied] = React.useState<AppliedCode | null>(null);
  const [codeError, setCodeError] = React.useState<string | undefined>();
  const listed = event.ticket_types ?? [];
  const types = applied ? [...listed, ...applied.unlocked.filter((u) => !listed.some((t) => t.id === u.id))] : listed;
  const typed = listed.length > 0;
  const [quantities, setQuantities] = React.useState<Quantities>({});
  const charges = event.charges ?? NO_CHARGES;
  const order = orderOf(types, quantities, applied?.promo ?? null, charges);
  const [errors, setErrors] = React.useState<RsvpFieldErrors>({});
  // The server's refusal of a 'Yes' on a full event; `partly` when fewer guests would still fit.
  const [capacity, setCapacity] = React.useState<{ message: string; partly: boolean } | null>(null);
  const capacityRef = React.useRef<HTMLDivElement>(null);
  // The server's 409 event_ended: the event is over (docs/product.md#event-status), nothing more to send.
  const [ended, setEnded] = React.useState(false);
  const [result, setResult] = React.useState<{ res: TRsvpResult; payload: RsvpPayload } | null>(null);
  // On the way to the checkout page: the form stays locked until the browser leaves.
  const [redirecting, setRedirecting] = React.useState(false);
  const mutation = useSubmitRsvp(event.id);
  const questions = event.questions;
  const answers = useAnswers();
  const answerRef = React.useRef<HTMLInputElement>(null);
  const returnFocusRef = React.useRef<HTMLElement | null>(null);
  const fieldId = React.useId();
  // Error toasts of earlier attempts are dismissed once an attempt succeeds.
  const errorToasts = React.useRef<(string | number)[]>([]);
  const fail = (title: string, description: string) => {
    errorToasts.current.push(notify.error(title, description));
  };

  // Remember what had focus (the RSVP button) so closing can return there, even without a Radix Trigger.
  if (open && returnFocusRef.current === null && typeof document !== 'undefined') returnFocusRef.current = focusedElement();

  // A fresh start each time the dialog opens again after a thank-you (values stay: same e-mail updates).
  // Full from the start, or since this form last opened: "Yes" cannot be chosen (it is shown disabled).
  if (full && !waitlist && values.status === 'confirmed') setValues((v) => ({ ...v, status: 'maybe' }));

  React.useEffect(() => {
    if (!open) {
      setResult(null);
      setCapacity(null);
      setErrors({});
    }
  }, [open]);

  React.useEffect(() => {
    if (capacity) capacityRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [capacity]);

  const set = <K extends keyof RsvpFormValues>(key: K, value: RsvpFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
    if (key === 'status' || key === 'guest_count') setCapacity(null);
  };

  /** id, name, value and setter of a text field. */
  const bindText = (key: 'name' | 'email' | 'phone' | 'notes') => ({
    id: `${fieldId}-${key}`,
    name: key,
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
  });

  const send = (payload: RsvpPayload) => {
    setCapacity(null);
    // docs/product.md#payments: a first 'yes' on a paid event is paid on the checkout page before it is a ticket.
    const paying = payload.status === 'confirmed' && (typed ? order.total > 0 : event.is_paid_event);
    if (waitlist && payload.status === 'confirmed') {
      const { status: _yes, ...input } = payload;
      join.mutate(input, {
        onSuccess: (r) => {
          for (const id of errorToasts.current.splice(0)) toast.dismiss(id);
          setPlace(r.place);
          setResult({ res: { ...r, ticket_url: null, checkout_url: null }, payload });
        },
        onError,
      });
      return;
    }
    mutation.mutate(payload, {
      onSuccess: (res) => {
        for (const id of errorToasts.current.splice(0)) toast.dismiss(id);
        if (paying && !res.already_answered) {
          if (!res.checkout_url) return fail(MSG.error, PAY.noCheckoutUrl);
          if (inline) {
            // Framed on another site (an event made paid after the frame loaded): no checkout lets itself be framed.
            const tab = window.open(res.checkout_url, '_blank');
            if (!tab) return fail(MSG.error, 'Open the event page to pay: this browser blocked the checkout tab.');
            tab.opener = null;
            notify.success('Finish paying in the new tab', 'Your seats are held while you pay.');
            return;
          }
          setRedirecting(true);
          window.location.assign(res.checkout_url);
          return;
        }
        setResult({ res, payload });
        // An e-mail that already answered changed nothing: the panel says where the change link went, no toast claims a new RSVP.
        if (!res.already_answered) notify.success(MSG.rsvpSubmitted, submittedText(payload.status));
      },
      onError,
    });
  };

  /** A refused answer or waitlist join: the fields' messages, the capacity note, or a toast. */
  function onError(err: Error) {
    const paying = values.status === 'confirmed' && !waitlist && (typed ? order.total > 0 : event.is_paid_event);
    const fields = fieldErrorsOf(err);
    setErrors(toFieldErrors(fields));
    if (fields?.promo_code) setCodeError(fields.promo_code);
    answers.setErrors(answerErrorsOf(fields));
    const code = errorCode(err);
    if (code === 'capacity_exceeded') {
      // 'Sorry, this event is full.' (+ 'Only 2 seats are left.' on guest_count): fewer guests, or Maybe.
      setCapacity({ message: toUserMessage(err, MSG.capacityReached), partly: Boolean(fields?.guest_count) });
      return;
    }
    if (code === 'event_ended') {
      setEnded(true);
      return fail(MSG.eventEnded, MSG.eventEndedText);
    }
    if (code === 'payment_not_available') return fail(MSG.paymentNotAvailable, MSG.paymentNotAvailableText);
    const message = toUserMessage(err, paying ? PAY.checkoutFailed : MSG.rsvpFailed);
    fail(titleFor(message), message);
  }

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (mutation.isPending || join.isPending || ended) return;
    // A decline holds no seats: its party size (hidden) is sent as one; an order's party is its tickets.
    const ordering = typed && values.status === 'confirmed';
    if (ordering && order.guests === 0) {
      setErrors((e) => ({ ...e, tickets: 'Choose your tickets.' }));
      fail(MSG.missingInformation, 'Choose your tickets.');
      document.getElementById(`${fieldId}-tickets`)?.focus();
      return;
    }
    const checked = validateRsvp(
      values.status === 'declined' ? { ...values, guest_count: 1 } : ordering ? { ...values, guest_count: order.guests } : values,
    );
    const answered = checkAnswers(questions, values.status, answers.values);
    answers.setErrors(answered.ok ? {} : answered.errors);
    if (!checked.ok) {
      setErrors(checked.fields);
      fail(checked.title, checked.description);
      const first = (['name', 'email', 'phone', 'guest_count', 'notes'] as const).find((k) => checked.fields[k]);
      if (first) document.getElementById(`${fieldId}-${first}`)?.focus();
      return;
    }
    setErrors({});
    if (!answered.ok) {
      fail(MSG.missingInformation, 'Please answer the questions marked.');
      const first = questions.find((q) => answered.errors[q.id]);
      if (first) document.getElementById(questionControlId(fieldId, first.id))?.focus();
      return;
    }
    const payload = withAnswers(checked.data, answered.answers);
    send(ordering ? { ...payload, tickets: order.lines, ...(applied ? { promo_code: applied.promo.code } : {}) } : payload);
  };

  const saveAsMaybe = () => {
    const checked = validateRsvp({ ...values, status: 'maybe' });
    const answered = checkAnswers(questions, 'maybe', answers.values);
    setValues((v) => ({ ...v, status: 'maybe' }));
    if (checked.ok && answered.ok) send(withAnswers(checked.data, answered.answers));
  };

  const pending = mutation.isPending || join.isPending || redirecting;
  const declining = values.status === 'declined';
  const joining = waitlist && values.status === 'confirmed';
  const toCheckout = values.status === 'confirmed' && !joining && (typed ? order.total > 0 : event.is_paid_event);
  const party = partyWords(sellsTickets(event) && values.status === 'confirmed');
  const { date, time } = formatEventWhen(event.event_date, event.end_date, event.timezone);
  const when = date ? (
    <>
      <span className="block">{date}</span>
      <span className="block">{time}</span>
    </>
  ) : undefined;

  const content = result ? (
    <RsvpThankYou
      result={result.res}
      payload={result.payload}
      onClose={inline ? undefined : () => onOpenChange(false)}
      waitlistPlace={place}
    />
  ) : (
    <form noValidate onSubmit={onSubmit} aria-busy={pending} className="grid gap-4">
      <AnswerButtons
        value={values.status}
        onValueChange={(v) => set('status', v)}
        error={errors.status}
        disabled={ended}
        checkedRef={answerRef}
        yesClosed={full && !waitlist ? 'Event full' : undefined}
      />
      {typed && values.status === 'confirmed' ? (
        <TicketPicker
          id={`${fieldId}-tickets`}
          types={types}
          currency={event.currency}
          value={quantities}
          onChange={(next) => {
            setQuantities(next);
            setCapacity(null);
            if (errors.tickets) setErrors(({ tickets: _gone, ...rest }) => rest);
          }}
          error={errors.tickets}
          promo={applied?.promo ?? null}
          charges={charges}
          codeField={
            <PromoCodeField
              eventId={event.id}
              id={`${fieldId}-promo`}
              applied={applied}
              onApply={(code) => {
                setApplied(code);
                setCapacity(null);
                // A removed code takes the hidden types it unlocked with it.
                if (!code && applied) {
                  const gone = new Set(applied.unlocked.map((u) => u.id));
                  setQuantities((q) => Object.fromEntries(Object.entries(q).filter(([k]) => !gone.has(k))));
                }
              }}
              error={codeError}
              onError={setCodeError}
            />
          }
        />
      ) : null}
      {toCheckout && !typed && event.ticket_price !== null ? (
        <p
          className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-lg bg-paper px-3 py-2.5 text-sm"
          aria-live="polite"
        >
          <span>
            Total{' '}
            <span className="text-ink/70">
              ({ticketCount(values.guest_count)}
              {values.guest_count > 1 ? ` × ${formatPrice(event.ticket_price, event.currency)}` : ''})
            </span>
          </span>
          <span className="font-semibold tabular-nums">
            {formatPrice(event.ticket_price * values.guest_count, event.currency)}{' '}
            <span className="font-normal text-ink/70">{event.currency.toUpperCase()}</span>
          </span>
          <span className="basis-full text-xs text-ink/75">You’ll pay by card on a secure checkout page next.</span>
        </p>
      ) : null}
      <Field label="Name" error={errors.name}>
        <Input {...bindText('name')} autoComplete="name" required aria-required="true" />
      </Field>
      <Field label="Email" error={errors.email} hint={<Hint>We’ll send your confirmation here.</Hint>}>
        <Input {...bindText('email')} {...EMAIL_INPUT} autoComplete="email" required aria-required="true" />
      </Field>
      <div className={declining ? 'grid' : 'grid grid-cols-2 gap-3 sm:gap-4'}>
        <Field label="Phone (optional)" error={errors.phone} className="content-start">
          <Input {...bindText('phone')} {...PHONE_INPUT} />
        </Field>
        {declining || (typed && values.status === 'confirmed') ? null : (
          <PartySizeField
            id={`${fieldId}-guest_count`}
            label={party.label}
            option={party.option}
            value={values.guest_count}
            onChange={(n) => set('guest_count', n)}
            error={errors.guest_count}
            hint={seatsHint(event.seats_left)}
            className="content-start"
          />
        )}
      </div>
      <QuestionFields
        questions={questions}
        status={values.status}
        values={answers.values}
        errors={answers.errors}
        onChange={answers.onChange}
        idPrefix={fieldId}
      />
      <Field label="Notes (optional)" error={errors.notes}>
        <Textarea {...bindText('notes')} rows={2} className="min-h-20" />
      </Field>
      {ended ? (
        <p role="alert" className="rounded-lg border border-ink/15 bg-paper p-3 text-sm">
          <strong className="font-semibold">{MSG.eventEnded}.</strong> {MSG.eventEndedText}
        </p>
      ) : null}
      {capacity ? (
        <div
          ref={capacityRef}
          role="alert"
          className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p>
            <strong className="font-semibold">{capacity.message}</strong>{' '}
            {capacity.partly
              ? 'Choose fewer guests, or let the host know you might come.'
              : 'You can still let the host know you might come.'}
          </p>
          <Button variant="outline" onClick={saveAsMaybe} disabled={pending} className="justify-self-start">
            Save as “Maybe” instead
          </Button>
        </div>
      ) : null}
      {/* Sticky: on a phone the actions stay in reach while the sheet scrolls. */}
      <div className="sticky -bottom-5 -mx-5 -mb-5 flex gap-2 border-t border-ink/10 bg-white px-5 pt-3 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:static sm:m-0 sm:justify-end sm:border-0 sm:p-0 sm:pt-1">
        {inline ? null : (
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
        )}
        <Button type="submit" variant="primary" disabled={pending || ended} className="flex-1 sm:flex-none">
          {pending ? (
            <span className="size-4 animate-spin rounded-full border-2 border-paper/30 border-t-paper" aria-hidden="true" />
          ) : null}
          {redirecting
            ? 'Opening checkout...'
            : pending
              ? 'Submitting...'
              : joining
                ? 'Join the waitlist'
                : toCheckout
                  ? 'Continue to payment'
                  : 'Submit RSVP'}
        </Button>
      </div>
    </form>
  );
  if (inline) {
    return (
      <section className="grid gap-4" aria-labelledby={`${fieldId}-title`}>
        <header className="grid gap-1">
          <h1 id={`${fieldId}-title`} className="font-display text-2xl font-semibold">
            {event.title}
          </h1>
          {when ? <p className="text-sm text-ink/75">{when}</p> : null}
        </header>
        {content}
      </section>
    );
  }
  return (
    <Dialog open={open} onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}>
      <DialogContent
        title={event.title}
        description={when}
        className="scroll-pb-24 sm:scroll-pb-0"
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          answerRef.current?.focus();
        }}
        onCloseAutoFocus={(e) => {
          const target = returnFocusRef.current;
          returnFocusRef.current = null;
          returnFocus(e, target);
        }}
      >
        {content}
      </DialogContent>
    </Dialog>
  );
}
