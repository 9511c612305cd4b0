import { CircleCheck, Ticket } from 'lucide-react';
import * as React from 'react';
import { Link } from '../../lib/nav.tsx';
import type { TRsvpResult } from '../../../common/schemas/rsvps.ts';
import { Button } from '../../components/ui/button.tsx';
import type { RsvpPayload } from './api/submit-rsvp.ts';
import { guestLabel } from './format.ts';

/**
 * After a confirmed update, which never carries the ticket link (docs/decisions/0010-ticket-secrets.md).
 * Here rather than in MSG (src/common/messages.ts): this file loads lazily, MSG on every guest page's
 * first load (docs/product.md#performance-targets).
 */
const TICKET_EMAILED = (email: string) => `Your answer is updated. We e-mailed your ticket to ${email}.`;
const TICKET_EMAILED_RECENTLY = (email: string) =>
  `Your answer was already saved — nothing changed. We e-mailed your ticket to ${email} a few minutes ago.`;

/** A confirmed update: its answer never carries the ticket link, which goes to the guest's e-mail. */
const ticketByEmail = (result: TRsvpResult) => result.rsvp.updated && result.rsvp.status === 'confirmed' && !result.ticket_url;

/** What each answer means for the guest, in one sentence. */
function summary(result: TRsvpResult): string {
  const { status, guest_count, updated } = result.rsvp;
  const changed = updated && result.email_queued && !ticketByEmail(result) ? 'We’ve updated your RSVP. ' : '';
  if (status === 'confirmed') return `${changed}You’re on the list${guest_count > 1 ? ` for ${guestLabel(guest_count)}` : ''}.`;
  if (status === 'maybe') return `${changed}We’ve noted you as a maybe — answer again any time with the same e-mail.`;
  return `${changed}Sorry you can’t make it. Thanks for letting the host know.`;
}

/** The same answer sent again (a maybe or a no): nothing was written or queued, so no e-mail is promised. */
const UNCHANGED = 'Your answer was already saved — nothing changed.';

/** The thank-you panel that replaces the form once the server has accepted the RSVP. */
export function RsvpThankYou({ result, payload, onClose }: { result: TRsvpResult; payload: RsvpPayload; onClose(): void }) {
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  // Screen readers: move focus to the new content so it is read out (the toast is announced too).
  React.useEffect(() => headingRef.current?.focus(), []);
  const first = payload.name.split(/\s+/)[0] ?? payload.name;
  return (
    <div className="grid gap-4 text-center" data-testid="rsvp-thank-you">
      <CircleCheck className="mx-auto size-12 text-success" aria-hidden="true" />
      <div role="status" aria-live="polite" className="grid gap-2">
        <h3 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold focus:outline-none">
          Thank you, {first}!
        </h3>
        <p className="text-ink/80">{summary(result)}</p>
        {ticketByEmail(result) ? (
          <p className="text-ink/80 break-words">{(result.email_queued ? TICKET_EMAILED : TICKET_EMAILED_RECENTLY)(payload.email)}</p>
        ) : result.email_queued ? (
          <p className="text-ink/80">
            A confirmation e-mail {result.ticket_url ? 'with your QR ticket ' : ''}is on its way to{' '}
            <strong className="font-semibold break-all">{payload.email}</strong>.
          </p>
        ) : (
          <p className="text-ink/80">{UNCHANGED}</p>
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
        <Button variant="outline" size="lg" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
