import { CircleCheck, MailCheck, Ticket } from 'lucide-react';
import * as React from 'react';
import { Link } from '../../lib/nav.tsx';
import type { TRsvpResult } from '../../../common/schemas/rsvps.ts';
import { Button } from '../../components/ui/button.tsx';
import type { RsvpPayload } from './api/submit-rsvp.ts';
import { guestLabel } from './format.ts';
import { NO_EMAIL_SENT } from '../../../common/email-delivery.ts';
import { ordinal } from '../../../common/waitlist-texts.ts';

/** What each answer means for the guest, in one sentence (a first answer: the e-mail that already answered sees ALREADY_ANSWERED). */
function summary(rsvp: NonNullable<TRsvpResult['rsvp']>, mailed: boolean, place?: number | null): string {
  // docs/product.md#waitlist: where the party stands, or seats offered at once (their claim link is e-mailed).
  if (rsvp.status === 'waitlisted')
    return `You’re ${ordinal(place ?? 1)} on the waitlist. We’ll e-mail you if seats free up for your party.`;
  if (rsvp.status === 'offered') return 'Seats just freed up for you: claim them from the link we’re e-mailing you.';
  if (rsvp.status === 'confirmed') return `You’re on the list${rsvp.guest_count > 1 ? ` for ${guestLabel(rsvp.guest_count)}` : ''}.`;
  if (rsvp.status === 'maybe') {
    return mailed
      ? 'We’ve noted you as a maybe — you can change your answer any time from the link in your e-mail.'
      : 'We’ve noted you as a maybe.';
  }
  return 'Sorry you can’t make it. Thanks for letting the host know.';
}

/** docs/product.md#rsvp-dialog: an e-mail that already answered changes nothing; its link goes to that address. */
const ALREADY_ANSWERED = (email: string) => `You have already answered — we sent a link to change it to ${email}`;
/** The same when this site keeps its e-mail in the dev mailbox: no link went anywhere (src/common/email-delivery.ts). */
const ALREADY_ANSWERED_NO_EMAIL = (email: string) =>
  `You have already answered with ${email}. ${NO_EMAIL_SENT} Ask the host if you need to change your answer.`;

/** The thank-you panel that replaces the form once the server has accepted the RSVP. */
export function RsvpThankYou({
  result,
  payload,
  onClose,
  waitlistPlace,
}: {
  result: TRsvpResult;
  payload: RsvpPayload;
  /** The dialog's Close; absent in the embedded form, which has nothing to close (and whose heading is h2). */
  onClose?: () => void;
  waitlistPlace?: number | null;
}) {
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  // Screen readers: move focus to the new content so it is read out (the toast is announced too).
  React.useEffect(() => headingRef.current?.focus(), []);
  const first = payload.name.split(/\s+/)[0] ?? payload.name;
  const Icon = result.rsvp ? CircleCheck : MailCheck;
  const mailed = result.email_delivery === 'smtp';
  // Under the dialog's h2 title, or under the embedded form's h1 (docs/product.md#embedding).
  const Heading = onClose ? 'h3' : 'h2';
  return (
    <div className="grid gap-4 text-center" data-testid="rsvp-thank-you">
      <Icon className="mx-auto size-12 text-success" aria-hidden="true" />
      <div role="status" aria-live="polite" className="grid gap-2">
        <Heading ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold focus:outline-none">
          {result.rsvp ? `Thank you, ${first}!` : mailed ? 'Check your inbox' : 'You have already answered'}
        </Heading>
        {result.rsvp ? (
          <>
            <p className="text-ink/80">{summary(result.rsvp, mailed, waitlistPlace)}</p>
            {mailed ? (
              <p className="text-ink/80">
                A confirmation e-mail {result.ticket_url ? 'with your QR ticket ' : ''}is on its way to{' '}
                <strong className="font-semibold break-all">{payload.email}</strong>.
              </p>
            ) : (
              <p className="text-ink/80">
                {NO_EMAIL_SENT}
                {result.ticket_url ? ' Keep the link to your ticket below.' : ''}
              </p>
            )}
          </>
        ) : (
          <p className="text-ink/80 break-words">{mailed ? ALREADY_ANSWERED(payload.email) : ALREADY_ANSWERED_NO_EMAIL(payload.email)}</p>
        )}
      </div>
      <div className="flex flex-col gap-2 pt-2 sm:flex-row sm:justify-center">
        {result.ticket_url ? (
          <Button asChild variant="primary" size="lg">
            <Link to={result.ticket_url}>
              <Ticket aria-hidden="true" />
              View your ticket
            </Link>
          </Button>
        ) : null}
        {onClose ? (
          <Button variant="outline" size="lg" onClick={onClose}>
            Close
          </Button>
        ) : null}
      </div>
    </div>
  );
}
