import { CircleCheck, CircleHelp, CircleX, Clock, CreditCard, Ticket } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { clsx as cn } from 'clsx';
import { Link } from '../../lib/nav.tsx';
import type { MyRsvp } from './api/get-my-rsvp.ts';
import { ticketsConfirmation } from './answer-words.ts';
import { guestLabel } from './format.ts';
import { PayNowButton } from './pay-now-button.tsx';
import { type GuestPayment, guestPayment, PAY_CARD, payable } from './payment-state.ts';

/**
 * docs/product.md#public-event-page: each answer's own card, before and after the event's end; on a paid
 * event an answer at the checkout, or whose checkout ended unpaid, says so (docs/product.md#payments).
 */
export function rememberedText(
  rsvp: Pick<MyRsvp, 'status' | 'guest_count'>,
  ended: boolean,
  payment: GuestPayment = 'none',
): { title: string; text: string } {
  const party = rsvp.guest_count > 1 ? ` · ${guestLabel(rsvp.guest_count)}` : '';
  if (payment === 'pending' || payment === 'unpaid') {
    if (ended) return { title: PAY_CARD.unpaidEndedTitle, text: 'This event has ended.' };
    return payment === 'pending'
      ? { title: `${PAY_CARD.pendingTitle}${party}`, text: PAY_CARD.pendingText }
      : { title: PAY_CARD.unpaidTitle, text: PAY_CARD.unpaidText };
  }
  // docs/product.md#waitlist: in line, or seats held to claim (the manage page shows the place and the deadline).
  if (rsvp.status === 'waitlisted') return { title: "You're on the waitlist", text: "We'll e-mail you if seats free up." };
  if (rsvp.status === 'offered') return { title: 'Seats are held for you', text: 'Claim them before the offer runs out.' };
  // docs/product.md#public-event-page: a paid event speaks tickets (answer-words.ts).
  if (rsvp.status === 'confirmed' && payment === 'paid') return ticketsConfirmation(rsvp.guest_count, ended);
  if (rsvp.status === 'confirmed') {
    return ended
      ? { title: `You were going${party}`, text: 'This event has ended. Your ticket stays here.' }
      : { title: `You're going${party}`, text: 'Your ticket is ready. Show its QR code at the door.' };
  }
  if (rsvp.status === 'maybe') {
    return ended
      ? { title: 'You answered Maybe', text: 'This event has ended.' }
      : { title: 'You might go', text: 'You answered Maybe. Let the host know when you decide.' };
  }
  return ended
    ? { title: "You couldn't make it", text: 'This event has ended.' }
    : { title: "You can't make it", text: 'Thanks for letting the host know. Plans changed? You can still change your answer.' };
}

const ICONS = { confirmed: CircleCheck, maybe: CircleHelp, declined: CircleX, waitlisted: Clock, offered: Clock } as const;

const ACTION =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold transition focus-visible:outline-offset-2';

/**
 * The answer this browser gave (docs/product.md#public-event-page), in place of the RSVP button:
 * View ticket (confirmed), Change RSVP (the manage page, until the event ends) and Add to calendar; on a
 * paid event an answer at the checkout, or whose checkout ended unpaid, has Pay now instead of its ticket.
 * Loaded only by pages that have one to show. `focusAfter` changes each time the RSVP dialog closes:
 * the card replaced the button that dialog would return focus to, so it takes the focus when nothing has it.
 */
export function RememberedRsvp({
  rsvp,
  ended,
  paidEvent,
  calendar,
  focusAfter,
}: {
  rsvp: MyRsvp;
  ended: boolean;
  /** The event is paid: an answer at the checkout, or whose checkout ended unpaid, gets Pay now instead of a ticket. */
  paidEvent: boolean;
  /** The page's "Add to calendar" button, shown to a yes or a maybe until the event ends. */
  calendar: ReactNode;
  focusAfter?: number;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusAfter) return;
    const id = requestAnimationFrame(() => {
      if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
    });
    return () => cancelAnimationFrame(id);
  }, [focusAfter]);

  const payment = guestPayment(paidEvent, rsvp);
  const { title, text } = rememberedText(rsvp, ended, payment);
  const Icon = payable(payment) ? CreditCard : ICONS[rsvp.status];
  const ticket = rsvp.status === 'confirmed' && !payable(payment) ? rsvp.ticket_url : null;
  const payNow = payable(payment) && !ended;
  return (
    <section aria-labelledby="my-rsvp-title" className="grid gap-3" data-testid="my-rsvp">
      <div className="flex gap-3">
        <Icon className="mt-0.5 size-6 shrink-0 text-(--event-accent)" aria-hidden="true" />
        <div className="min-w-0">
          <h2 ref={heading} id="my-rsvp-title" tabIndex={-1} className="text-lg leading-snug font-semibold focus:outline-none">
            {title}
          </h2>
          <p className="text-sm opacity-80">
            {text} <span className="break-words">Answered as {rsvp.name}.</span>
          </p>
        </div>
      </div>
      {payNow ? <PayNowButton manageUrl={rsvp.manage_url} /> : null}
      <div className="flex flex-wrap gap-2">
        {ticket ? (
          <Link to={ticket} className={cn(ACTION, 'bg-(--event-accent) text-(--event-on-accent) hover:brightness-110')}>
            <Ticket className="size-4" aria-hidden="true" />
            View ticket
          </Link>
        ) : null}
        {ended ? null : (
          <Link to={rsvp.manage_url} className={cn(ACTION, 'border border-current/25 hover:bg-current/10')}>
            Change RSVP
          </Link>
        )}
        {ended || rsvp.status === 'declined' || payable(payment) ? null : calendar}
      </div>
    </section>
  );
}
