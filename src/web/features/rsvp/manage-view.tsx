import { CalendarDays, MapPin } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { hasEnded } from '../../../common/event-time.ts';
import { eventHref } from '../../../common/hrefs.ts';
import { MSG } from '../../../common/messages.ts';
import type { TManagedRsvp, TManagedRsvpAnswer } from '../../../common/schemas/rsvps.ts';
import { Card } from '../../components/ui/card.tsx';
import { Detail } from '../../components/ui/detail.tsx';
import { formatEventWhen } from '../../lib/datetime.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Link } from '../../lib/nav.tsx';
import type { ManageEditorProps } from './manage-editor.tsx';
import { ManageDetails } from './manage-details.tsx';
import { PayNowButton } from './pay-now-button.tsx';
import { type GuestPayment, guestPayment, PAY_CARD, paidAmount, payable } from './payment-state.ts';
import { rememberedText } from './remembered-rsvp.tsx';

/** What the last change did, for the line under the answer ("… an e-mail is on its way"). `at` tells two equal changes apart. */
export type ManageNotice = { kind: 'saved' | 'cancelled'; emailQueued: boolean; at: number };

export type ManageViewProps = {
  rsvp: TManagedRsvp;
  secret: string;
  notice: ManageNotice | null;
  onAnswer(answer: TManagedRsvpAnswer, kind: ManageNotice['kind']): void;
  /** The event's "Add to calendar" control (the events feature's), shown to a yes or a maybe until the event has ended. */
  addToCalendar: ReactNode;
};

/** Where the change form would be, while its chunk loads: the same height, so nothing jumps. */
function EditorLoading() {
  return (
    <div className="grid gap-4 p-5 sm:p-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading the form...
      </p>
      <div className="h-5 w-40 animate-pulse rounded bg-ink/10" />
      <div className="grid grid-cols-3 gap-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-xl bg-ink/10" />
        ))}
      </div>
      <div className="h-11 animate-pulse rounded-lg bg-ink/10" />
      <div className="h-11 animate-pulse rounded-lg bg-ink/10" />
    </div>
  );
}

function EditorLoadFailed() {
  return (
    <div className="grid justify-items-start gap-3 p-5 sm:p-6" role="alert">
      <p>The form to change your answer could not be loaded. {MSG.checkConnection}</p>
      <button type="button" onClick={() => window.location.reload()} className={outlineButton}>
        Reload the page
      </button>
    </div>
  );
}

/**
 * The form (answer buttons, party size, contact fields, cancel) and its checks load after the page:
 * they would take the page past its first-load budget (docs/decisions/0003-public-entry.md).
 */
const ManageEditor = lazy(() =>
  import('./manage-editor.tsx').then(
    (m): { default: ComponentType<ManageEditorProps> } => ({ default: m.ManageEditor }),
    () => ({ default: EditorLoadFailed as ComponentType<ManageEditorProps> }),
  ),
);

/** docs/product.md#waitlist: the place in line or the offer to claim, loaded only for a party on the waitlist. */
const ManageWaitlist = lazy(() => import('./manage-waitlist.tsx').then((m) => ({ default: m.ManageWaitlist })));

const outlineButton =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-full border border-ink/20 bg-white px-4 text-sm font-medium text-ink hover:bg-paper [&_svg]:size-4';

/**
 * The line under the answer after a cancel, and whether an e-mail is on its way. A save is confirmed beside
 * its own button instead (manage-editor.tsx).
 */
function cancelText(notice: ManageNotice, rsvp: TManagedRsvp): string {
  // A dev mailbox keeps the e-mail: nothing is on its way (src/common/email-delivery.ts).
  const link =
    notice.emailQueued && rsvp.email_delivery === 'smtp'
      ? `We've e-mailed a new link to this page to ${rsvp.email}; the old link no longer works.`
      : 'The old link to this page no longer works: keep this one.';
  return `${link} Changed your mind? Answer again below.`;
}

/** The manage page's content (docs/product.md#manage-page); the route puts it on the event's colours. */
export function ManageView({ rsvp, secret, notice, onAnswer, addToCalendar }: ManageViewProps) {
  const { event } = rsvp;
  useDocumentTitle(`Your RSVP · ${event.title}`);
  const ended = hasEnded(event);
  const when = formatEventWhen(event.event_date, event.end_date, event.timezone);
  const cancelled = notice?.kind === 'cancelled' && rsvp.status === 'declined';
  // The same words as the event page's card for this answer (remembered-rsvp.tsx).
  // docs/product.md#payments: a paid event's 'yes' is a ticket once paid; until then the card says why, with Pay now.
  const payment = guestPayment(event.is_paid_event, rsvp);
  const { title, text } = cancelled ? { title: 'Your RSVP is cancelled', text: null } : rememberedText(rsvp, ended, payment);
  const ticketUrl = payable(payment) ? null : rsvp.ticket_url;
  const headlineRef = useRef<HTMLHeadingElement>(null);
  // docs/product.md#waitlist: in line or offered seats, not yet an answer with a calendar entry.
  const waiting = rsvp.status === 'waitlisted' || rsvp.status === 'offered';

  // After a cancel the button that was used is gone: carry on from the answer, which now says so.
  useEffect(() => {
    if (notice?.kind === 'cancelled') headlineRef.current?.focus();
  }, [notice]);

  return (
    <>
      <main className="mx-auto grid max-w-xl gap-5 px-4 py-6 sm:py-12">
        <header className="grid gap-3">
          {event.preview_image_url || event.image_url ? (
            <img
              src={event.preview_image_url ?? event.image_url ?? undefined}
              alt=""
              width={1200}
              height={675}
              decoding="async"
              className="aspect-[3/1] w-full rounded-2xl bg-current/10 object-cover shadow-sm"
            />
          ) : null}
          <p className="text-sm font-semibold tracking-wide uppercase opacity-80">Your RSVP</p>
          <h1 className="font-display text-3xl leading-tight font-bold break-words sm:text-4xl">{event.title}</h1>
          <dl className="grid gap-2">
            {when.date ? (
              <Detail icon={CalendarDays} label="Date and time">
                <dd>
                  <span className="block font-semibold">{when.date}</span>
                  <span className="block opacity-80">{when.time}</span>
                </dd>
              </Detail>
            ) : null}
            {event.location ? (
              <Detail icon={MapPin} label="Location">
                <dd className="min-w-0 font-semibold break-words">{event.location}</dd>
              </Detail>
            ) : null}
          </dl>
        </header>

        <Card className="text-ink">
          <section aria-labelledby="answer-heading" className="grid gap-4 p-5 sm:p-6">
            <div>
              <h2 id="answer-heading" ref={headlineRef} tabIndex={-1} className="font-display text-2xl font-semibold outline-none">
                {title}
              </h2>
              {text ? <p className="mt-1">{text}</p> : null}
              <p className="mt-1 text-sm text-ink/75">Answered as {rsvp.name}</p>
              <PaymentLine rsvp={rsvp} payment={payment} ended={ended} />
            </div>
            {waiting ? (
              <Suspense fallback={null}>
                <ManageWaitlist secret={secret} />
              </Suspense>
            ) : null}
            <div role="status" aria-live="polite" aria-atomic="true">
              {notice?.kind === 'cancelled' ? (
                <p key={notice.at} className="rounded-lg bg-green-50 px-3 py-2.5 text-sm text-green-950">
                  {cancelText(notice, rsvp)}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              {ticketUrl ? (
                <Link
                  to={ticketUrl}
                  className="inline-flex min-h-11 items-center justify-center rounded-lg bg-(--event-accent) px-5 font-semibold text-(--event-on-accent) hover:brightness-110"
                >
                  View ticket
                </Link>
              ) : null}
              <Link to={eventHref(event)} className={outlineButton}>
                Event page
              </Link>
              {/* As on the event page's card: for a yes (paid, on a paid event) or a maybe, until the event ends. */}
              {ended || rsvp.status === 'declined' || waiting || payable(payment) ? null : addToCalendar}
            </div>
          </section>
        </Card>

        <Card className="text-ink">
          {ended ? (
            <ManageDetails rsvp={rsvp} />
          ) : (
            <Suspense fallback={<EditorLoading />}>
              <ManageEditor key={rsvp.manage_url} rsvp={rsvp} secret={secret} onAnswer={onAnswer} />
            </Suspense>
          )}
        </Card>
      </main>
      <footer className="px-5 pb-8 text-center text-xs opacity-70">Made with Turnout</footer>
    </>
  );
}

/**
 * A paid event's answer (docs/product.md#payments): Paid (or Refunded) with the amount, or Pay now for an
 * answer at the checkout or whose checkout ended unpaid. Free answers show nothing.
 */
function PaymentLine({ rsvp, payment, ended }: { rsvp: TManagedRsvp; payment: GuestPayment; ended: boolean }) {
  const amount = paidAmount(rsvp.payment_amount, rsvp.payment_currency);
  if (payment === 'paid' || payment === 'refunded') {
    const paid = payment === 'paid';
    return (
      <p
        className={`mt-2 inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${paid ? 'bg-green-100 text-green-900' : 'bg-ink/10 text-ink'}`}
      >
        {paid ? PAY_CARD.paid : PAY_CARD.refunded}
        {amount ? ` · ${amount}` : null}
      </p>
    );
  }
  if (!payable(payment) || ended) return null;
  const forWhom = rsvp.guest_count > 1 ? ` for ${rsvp.guest_count} guests` : '';
  return (
    <div className="mt-3">
      <PayNowButton manageUrl={rsvp.manage_url} detail={amount ? `${amount}${forWhom}` : null} />
    </div>
  );
}
