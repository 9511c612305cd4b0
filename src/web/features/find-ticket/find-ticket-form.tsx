import * as React from 'react';
import { NO_EMAIL_SENT } from '../../../common/email-delivery.ts';
import { MSG } from '../../../common/messages.ts';
import { ZFindTicketInput } from '../../../common/schemas/rsvps.ts';
import { Field } from '../../components/ui/field.tsx';
import { EMAIL_INPUT, Input } from '../../components/ui/input.tsx';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { useFindTicket } from './api/find-ticket.ts';

/** The one answer, whether or not the address has RSVPs: the screen reveals nothing about it. */
export const FIND_TICKET_SENT = "If this address has RSVPs, we've e-mailed their links to it.";
/** …and when this site keeps its e-mail in the dev mailbox (src/common/email-delivery.ts): nothing was e-mailed. */
export const FIND_TICKET_NOT_SENT = `${NO_EMAIL_SENT} Ask the host for the link to your ticket.`;

/**
 * "Find your ticket" on the not-found pages of events, tickets and manage links
 * (docs/product.md#not-found-page): an e-mail address, then always the same sentence. Loaded lazily:
 * it is not part of any guest page's first load.
 */
export function FindTicketForm() {
  const id = React.useId();
  const [email, setEmail] = React.useState('');
  const [error, setError] = React.useState<string | undefined>();
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const [mailed, setMailed] = React.useState(true);
  const find = useFindTicket();
  const inputRef = React.useRef<HTMLInputElement>(null);
  const doneRef = React.useRef<HTMLParagraphElement>(null);

  // The answer replaces the form: carry on from it (and, after "Use another address", from the field).
  const shown = React.useRef(false);
  React.useEffect(() => {
    if (sentTo) doneRef.current?.focus();
    else if (shown.current) inputRef.current?.focus();
    shown.current = true;
  }, [sentTo]);

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (find.isPending) return;
    const parsed = ZFindTicketInput.safeParse({ email });
    if (!parsed.success) {
      setError(email.trim() === '' ? 'Please fill in your email address.' : MSG.invalidEmailText);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    find.mutate(parsed.data.email, {
      onSuccess: (answer) => {
        setMailed(answer.email_delivery === 'smtp');
        setSentTo(parsed.data.email);
      },
      onError: (err) => {
        setError(fieldErrorsOf(err)?.email ?? toUserMessage(err, MSG.submitFailed));
        inputRef.current?.focus();
      },
    });
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid w-full gap-3 rounded-2xl border border-ink/10 bg-white p-5 text-left text-ink shadow-sm"
    >
      <h2 id={`${id}-heading`} className="font-semibold">
        Find your ticket
      </h2>
      {sentTo ? (
        <div className="grid justify-items-start gap-3">
          <p ref={doneRef} tabIndex={-1} role="status" className="text-sm outline-none">
            {mailed ? FIND_TICKET_SENT : FIND_TICKET_NOT_SENT}
          </p>
          <button
            type="button"
            onClick={() => setSentTo(null)}
            className="cursor-pointer text-sm font-medium text-accent-ink underline underline-offset-4 hover:text-accent"
          >
            Use another address
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} aria-busy={find.isPending} className="grid gap-3">
          <p className="text-sm text-ink/75">Enter the e-mail address you answered with: we'll send you the links to your tickets.</p>
          <Field label="Email" error={error}>
            <Input
              ref={inputRef}
              id={`${id}-email`}
              name="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
              {...EMAIL_INPUT}
              autoComplete="email"
              required
              aria-required="true"
            />
          </Field>
          <button
            type="submit"
            disabled={find.isPending}
            className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg bg-ink px-5 font-medium text-paper hover:bg-ink/90 disabled:opacity-60"
          >
            {find.isPending ? 'Sending...' : 'Send my links'}
          </button>
        </form>
      )}
    </section>
  );
}
