import type * as React from 'react';
import type { TTicket } from '../../common/schemas/rsvps.ts';
import { NotFound } from '../components/page-states.tsx';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { themeStyle } from '../features/events/theme-style.ts';
import { Svg, type IconProps } from '../features/events/guest-icons.tsx';
import { useTicket } from '../features/rsvp/api/get-ticket.ts';
import { TicketActions, TicketCard, TicketMeta } from './ticket-card.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';
import { errorCode } from '../lib/error-code.ts';
import { useParams } from '../lib/nav.tsx';

/**
 * The guest ticket page, /ticket/{secret}: the ticket's own secret, never the RSVP id; a regenerated QR
 * replaces it (docs/decisions/0010-ticket-secrets.md). Public to whoever holds it.
 */
export function Component() {
  const { ticketSecret = '' } = useParams();
  const { data: ticket, error, isPending, refetch, isFetching } = useTicket(ticketSecret);
  useDocumentTitle(ticket ? `Your ticket · ${ticket.event.title}` : 'Your ticket');

  // A ticket that does not exist (or was replaced) gets the guest's way on: home, or its links by e-mail.
  if (!ticket && errorCode(error) === 'not_found') {
    return (
      <>
        <TicketMeta />
        <NotFound
          title="Ticket Not Found"
          message="This ticket could not be found or has expired."
          icon={<TicketXIcon className="size-12 text-ink/30" />}
          home
          findTicket
        />
      </>
    );
  }

  return (
    <main
      style={ticket ? themeStyle(ticket.event.theme?.colors) : undefined}
      className="min-h-dvh bg-paper-soft px-4 py-6 sm:py-12 print:bg-white print:p-0"
    >
      <TicketMeta />
      {isPending ? (
        <Loading text="Loading your ticket..." />
      ) : ticket ? (
        <TicketView ticket={ticket} />
      ) : (
        <Message title="Couldn’t load your ticket" text="Check your connection and try again.">
          <button type="button" onClick={() => void refetch()} disabled={isFetching} className={buttonVariants({ className: 'mt-6' })}>
            Try again
          </button>
        </Message>
      )}
    </main>
  );
}

function Message({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <Card className="mx-auto mt-[12vh] max-w-md p-8 text-center" role="alert">
      <h1 className="font-display text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-ink/70">{text}</p>
      {children}
    </Card>
  );
}

function TicketView({ ticket }: { ticket: TTicket }) {
  return (
    <article className="mx-auto max-w-md print:max-w-[16cm]" aria-labelledby="ticket-title">
      <TicketCard ticket={ticket} />
      <TicketActions ticket={ticket} />
    </article>
  );
}

/** A ticket with notched sides, crossed out: a ticket that is not there. */
const TicketXIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M2 9a3 3 0 0 0 0 6v3a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-3a3 3 0 0 0 0-6V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2Z" />
    <path d="M9.5 9.5l5 5M14.5 9.5l-5 5" />
  </Svg>
);
