import type * as React from 'react';
import { useState } from 'react';
import { eventHref } from '../../common/hrefs.ts';
import { useQuery } from '@tanstack/react-query';
import type { TTicket } from '../../common/schemas/rsvps.ts';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { type IconProps, Svg } from '../features/events/guest-icons.tsx';
import { usePublicEvent } from '../lib/queries/get-public-event.ts';
import { themeStyle } from '../features/events/theme-style.ts';
import { RECHECK_FOR_MS, useVerifyPayment } from '../features/payments/api/verify-payment.ts';
import { PAY } from '../../common/payment-texts.ts';
import { ticketQuery as ticketQueryOptions } from '../features/rsvp/api/get-ticket.ts';
import { ticketsBelow } from '../features/rsvp/answer-words.ts';
import { TicketActions, TicketCard, TicketMeta } from './ticket-card.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';
import { errorCode } from '../lib/error-code.ts';
import { Link, useParams, useSearchParams } from '../lib/nav.tsx';
import { toUserMessage } from '../lib/user-message.ts';

/**
 * Where Stripe Checkout (or the sandbox checkout) sends a guest back: /event/{slug}/payment-success?session_id=…
 * (docs/product.md#payments). The server re-reads the session and fulfils it once, whoever asks first (this page or
 * the webhook): 'Verifying Payment', then paid (the QR ticket), pending (asked again for a minute, and on demand)
 * or failed. A guest page (docs/decisions/0003-public-entry.md): no router, no tailwind-merge.
 */
export function Component() {
  const { eventSlug = '' } = useParams();
  const [search] = useSearchParams();
  const sessionId = search.get('session_id')?.trim() ?? '';
  const [startedAt] = useState(() => Date.now());
  const { data, error, isPending, isFetching, refetch, dataUpdatedAt } = useVerifyPayment(sessionId, startedAt);
  // A paid session names its ticket page; the card is that page's ticket, read by the same secret.
  const ticketSecret = data?.ticket_url ? ticketSecretOf(data.ticket_url) : '';
  const ticketQuery = useQuery({ ...ticketQueryOptions(ticketSecret), enabled: ticketSecret !== '' });
  const ticket = ticketQuery.data;
  const backHref = eventHref({ id: data?.event_slug || eventSlug });
  // The event's look (and title) from its public page's query, for every state, before any ticket is known.
  const { data: event } = usePublicEvent(eventSlug ? { slug: eventSlug } : null);
  const theme = ticket?.event.theme ?? event?.theme;
  const eventTitle = ticket?.event.title ?? event?.title;

  // This site's e-mail may stay in its dev mailbox: then no e-mail is promised (src/common/email-delivery.ts).
  const mailed = data?.email_delivery === 'smtp';
  let body: React.ReactNode;
  let title: string = PAY.verifying;
  if (!sessionId) {
    title = PAY.verifyFailedTitle;
    body = <Failure message={PAY.noSessionId} backHref={backHref} />;
  } else if (isPending) {
    body = <Loading text={`${PAY.verifying}...`} />;
  } else if (error || !data) {
    title = PAY.verifyFailedTitle;
    const code = errorCode(error);
    const refused = code === 'not_found' || code === 'validation_failed';
    // The server's own sentence (unknown session, the provider's refusal), the connection's, or for a fault 'An unexpected error occurred'.
    const message = toUserMessage(error, PAY.unexpected);
    // Asking again helps with a dropped connection or a fault, never with a session the server does not know.
    body = <Failure message={message} backHref={backHref} retry={refused ? undefined : () => void refetch()} retrying={isFetching} />;
  } else if (data.payment_status === 'paid' && ticket) {
    title = PAY.successTitle;
    body = <Success ticket={ticket} mailed={mailed} />;
  } else if (data.payment_status === 'paid' && ticketQuery.isPending) {
    body = <Loading text={`${PAY.verifying}...`} />;
  } else if (data.payment_status === 'paid') {
    // Paid, but the ticket would not load (a dropped connection): the payment stands, the ticket is one retry away.
    title = PAY.successTitle;
    body = (
      <PaidNoTicket
        mailed={mailed}
        ticketUrl={data.ticket_url}
        retry={() => void ticketQuery.refetch()}
        retrying={ticketQuery.isFetching}
      />
    );
  } else if (data.payment_status === 'pending') {
    title = PAY.pendingTitle;
    body = (
      <Pending
        mailed={mailed}
        backHref={backHref}
        recheck={() => void refetch()}
        checking={isFetching}
        auto={dataUpdatedAt - startedAt < RECHECK_FOR_MS}
      />
    );
  } else {
    title = PAY.verifyFailedTitle;
    body = <Failure message={data.refunded ? (mailed ? PAY.refunded : PAY.refundedNoEmail) : PAY.verifyFailed} backHref={backHref} />;
  }
  useDocumentTitle(eventTitle ? `${title} · ${eventTitle}` : title);

  return (
    <main
      style={theme ? themeStyle(theme.colors) : undefined}
      className="min-h-dvh bg-paper-soft px-4 py-6 sm:py-12 print:bg-white print:p-0"
    >
      <TicketMeta />
      {body}
    </main>
  );
}

/** '/ticket/{secret}' → the secret ('' for any other shape). */
function ticketSecretOf(url: string): string {
  const m = /\/ticket\/([^/?#]+)/.exec(url);
  if (!m) return '';
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return '';
  }
}

function Success({ ticket, mailed }: { ticket: TTicket; mailed: boolean }) {
  return (
    <article className="mx-auto grid max-w-md gap-4 print:max-w-[16cm]" aria-labelledby="payment-title">
      <div className="grid justify-items-center gap-2 text-center print:hidden" role="status">
        <span className="grid size-12 place-items-center rounded-full bg-emerald-100 text-emerald-800">
          <CheckIcon className="size-6" />
        </span>
        <h1 id="payment-title" className="font-display text-2xl font-semibold sm:text-3xl">
          {PAY.successTitle}
        </h1>
        <p className="text-ink/75 text-pretty">{ticketsBelow(ticket.guest_count, mailed)}</p>
      </div>
      <TicketCard ticket={ticket} heading="h2" />
      <TicketActions ticket={ticket} printLabel={PAY.printTicket} eventLabel={PAY.viewEvent} />
    </article>
  );
}

function PaidNoTicket({
  ticketUrl,
  retry,
  retrying,
  mailed,
}: {
  ticketUrl: string | null;
  retry(): void;
  retrying: boolean;
  mailed: boolean;
}) {
  return (
    <Panel title={PAY.successTitle} icon={<CheckIcon className="size-6" />} tone="bg-emerald-100 text-emerald-800">
      <p className="mt-2 text-ink/75 text-pretty">
        Your ticket couldn’t be shown just now.{mailed ? ' We’ve also sent it to your e-mail.' : ''}
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <button type="button" onClick={retry} disabled={retrying} className={buttonVariants({ size: 'lg' })}>
          Try again
        </button>
        {ticketUrl ? (
          <Link to={ticketUrl} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Open your ticket
          </Link>
        ) : null}
      </div>
    </Panel>
  );
}

function Pending({
  backHref,
  recheck,
  checking,
  auto,
  mailed,
}: {
  backHref: string;
  recheck(): void;
  checking: boolean;
  auto: boolean;
  mailed: boolean;
}) {
  return (
    <Panel title={PAY.pendingTitle} icon={<ClockIcon className="size-6" />} tone="bg-amber-100 text-amber-900">
      <p className="mt-2 text-ink/75 text-pretty">{PAY.pendingText}</p>
      <p className="mt-2 text-sm text-ink/70" aria-live="polite">
        {checking
          ? 'Checking…'
          : auto
            ? 'We’ll check again automatically for a minute.'
            : mailed
              ? 'Your ticket will also arrive by e-mail once it clears.'
              : 'Your ticket shows here once it clears: check again later.'}
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <button type="button" onClick={recheck} disabled={checking} className={buttonVariants({ size: 'lg' })}>
          Check again
        </button>
        <Link to={backHref} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          {PAY.returnToEvent}
        </Link>
      </div>
    </Panel>
  );
}

function Failure({ message, backHref, retry, retrying }: { message: string; backHref: string; retry?(): void; retrying?: boolean }) {
  return (
    <Panel title={PAY.verifyFailedTitle} icon={<AlertIcon className="size-6" />} tone="bg-red-100 text-red-800" alert>
      <p className="mt-2 text-ink/75 text-pretty">{message}</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to={backHref} className={buttonVariants({ size: 'lg' })}>
          {PAY.returnToEvent}
        </Link>
        {retry ? (
          <button type="button" onClick={retry} disabled={retrying} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Try again
          </button>
        ) : null}
      </div>
    </Panel>
  );
}

function Panel({
  title,
  icon,
  tone,
  alert,
  children,
}: {
  title: string;
  icon: React.ReactNode;
  tone: string;
  alert?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Card className="mx-auto mt-[10vh] max-w-md p-6 text-center sm:p-8" role={alert ? 'alert' : 'status'}>
      <span className={`mx-auto grid size-12 place-items-center rounded-full ${tone}`}>{icon}</span>
      <h1 className="mt-3 font-display text-2xl font-semibold">{title}</h1>
      {children}
    </Card>
  );
}

/* Drawn like features/events/guest-icons.tsx (no icon library on a guest page's first load). */

const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
);

const ClockIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
);

const AlertIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </Svg>
);
