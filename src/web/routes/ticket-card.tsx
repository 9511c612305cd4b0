import type * as React from 'react';
import { eventHref } from '../../common/hrefs.ts';
import { hasEnded } from '../../common/event-time.ts';
import type { TTicket } from '../../common/schemas/rsvps.ts';
import { Badge } from '../components/ui/badge.tsx';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { Card } from '../components/ui/card.tsx';
import { formatEventWhen } from '../lib/datetime.ts';
import { formatMinorUnits } from '../lib/money.ts';
import { Link } from '../lib/nav.tsx';
import { CalendarIcon, type IconProps, PinIcon, Svg } from '../features/events/guest-icons.tsx';
import { formatPin, formatShortDate, guestLabel, paymentBadge, statusBadge } from '../features/rsvp/format.ts';

/**
 * The QR ticket card and its actions, shared by the ticket page (/ticket/{secret}) and the payment
 * success page (docs/product.md#payments). Guest-page weight: no router, no tailwind-merge
 * (docs/decisions/0003-public-entry.md).
 */

/** Print: the ticket alone, black on white, QR large; no toasts, buttons or page background. */
const PRINT_CSS = `@media print {
  @page { margin: 12mm; }
  [data-sonner-toaster] { display: none !important; }
  html, body, main { background: #fff !important; color: #000 !important; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

/** The main action in the event's accent colour (themeStyle's --event-accent; the default theme's without one). */
export const ACCENT_BUTTON =
  'inline-flex h-12 cursor-pointer items-center justify-center gap-2 rounded-lg bg-(--event-accent,var(--color-ink)) px-6 text-base font-medium text-(--event-on-accent,var(--color-paper)) hover:brightness-110 [&_svg]:size-4';

/** A ticket names its guest: keep it out of search engines and out of Referer headers. Print shows the ticket alone. */
export function TicketMeta() {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <style>{PRINT_CSS}</style>
    </>
  );
}

/** Print (when there is a QR to print) and the event page, under the card. */
export function TicketActions({
  ticket,
  printLabel = 'Print',
  eventLabel = 'Event details',
}: {
  ticket: TTicket;
  printLabel?: string;
  eventLabel?: string;
}) {
  return (
    <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-center print:hidden">
      {ticket.qr_svg_url ? (
        <button type="button" className={ACCENT_BUTTON} onClick={() => window.print()}>
          <PrinterIcon />
          {printLabel}
        </button>
      ) : null}
      <Link to={eventHref(ticket.event)} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
        {eventLabel}
      </Link>
    </div>
  );
}

/** The ticket itself; `heading` is h2 where the page has its own h1 (the payment page). */
export function TicketCard({ ticket, heading: Heading = 'h1' }: { ticket: TTicket; heading?: 'h1' | 'h2' }) {
  const { event } = ticket;
  const when = formatEventWhen(event.event_date, event.end_date, event.timezone);
  const status = statusBadge(ticket.status);
  const payment = event.is_paid_event ? paymentBadge(ticket.payment_status) : null;
  const confirmedOn = ticket.confirmed_at ? formatShortDate(ticket.confirmed_at, event.timezone) : '';
  const past = hasEnded(event);

  return (
    <Card className="overflow-hidden text-ink print:rounded-none print:border-0 print:shadow-none">
      {event.image_url ? (
        <img
          src={event.image_url}
          alt=""
          className="aspect-[3/1] w-full bg-paper object-cover sm:aspect-[16/9] print:hidden"
          width={1200}
          height={675}
          decoding="async"
        />
      ) : null}
      <div className="grid gap-5 p-5 sm:p-7 print:p-0">
        <header className="text-center">
          <Heading
            id="ticket-title"
            className="font-display text-2xl leading-tight font-semibold text-balance sm:text-3xl print:text-black"
          >
            Thank You - {event.title}
          </Heading>
          {event.subtitle ? <p className="mt-1.5 text-ink/70 text-pretty print:text-black">{event.subtitle}</p> : null}
          <div className="mt-3 flex flex-wrap justify-center gap-2">
            <Badge tone={status.tone} className="print:border print:border-black print:bg-white print:text-black">
              {status.label}
            </Badge>
            {past ? (
              <Badge tone="neutral" className="print:border print:border-black print:bg-white print:text-black">
                Past event
              </Badge>
            ) : null}
            {payment ? (
              <Badge tone={payment.tone} className="print:border print:border-black print:bg-white print:text-black">
                {payment.label}
              </Badge>
            ) : null}
          </div>
        </header>

        {ticket.tickets ? (
          <OrderTickets ticket={ticket} />
        ) : ticket.qr_svg_url ? (
          <figure className="grid justify-items-center gap-3">
            {/* Pure white around the code: scanners need the quiet zone, and it reads on a dimmed screen. */}
            <div className="rounded-xl bg-white p-3 ring-1 ring-ink/10 print:p-0 print:ring-0">
              <img
                src={ticket.qr_svg_url}
                alt={`QR code ticket for ${ticket.name} at ${event.title}`}
                width={256}
                height={256}
                className="block aspect-square w-[min(18rem,calc(100vw-7rem))] print:w-[7.5cm]"
              />
            </div>
            <figcaption className="text-center text-sm font-medium text-balance text-ink/80 print:text-black">
              Show this QR code at the event for check-in
            </figcaption>
          </figure>
        ) : (
          <p className="rounded-lg bg-paper px-4 py-3 text-center text-sm text-ink/80">
            Your QR ticket appears here once your RSVP says you’re attending.
          </p>
        )}

        {ticket.pin ? (
          <div className="rounded-xl border-2 border-dashed border-ink/20 px-4 py-3 text-center print:border-black">
            <p className="text-xs font-semibold tracking-widest text-ink/70 uppercase print:text-black">PIN</p>
            <p className="font-mono text-3xl font-bold tracking-[0.2em] tabular-nums print:text-black">{formatPin(ticket.pin)}</p>
          </div>
        ) : null}

        <dl className="grid gap-3 border-t border-ink/10 pt-4 text-sm print:border-black print:text-black">
          <Row label="Guest" icon={<PersonIcon />}>
            <span className="font-semibold">{ticket.name}</span>
          </Row>
          {ticket.ticket_label ? <Row label="Ticket">{ticket.ticket_label}</Row> : null}
          {when.date ? (
            <Row label="When" icon={<CalendarIcon />}>
              <span className="block">{when.date}</span>
              <span className="block text-ink/70 print:text-black">{when.time}</span>
            </Row>
          ) : null}
          {event.location ? (
            <Row label="Where" icon={<PinIcon />}>
              {event.location}
            </Row>
          ) : null}
          {ticket.guest_count > 1 ? (
            <Row label="Party" icon={<PeopleIcon />}>
              {guestLabel(ticket.guest_count)}
            </Row>
          ) : null}
        </dl>

        {confirmedOn ? <p className="text-center text-xs text-ink/70 print:text-black">RSVP confirmed on {confirmedOn}</p> : null}
      </div>
    </Card>
  );
}

/**
 * An order's page (docs/product.md#ticket-types): no QR code of its own, a link to each ticket's page (its QR code
 * and PIN), so each guest of the party can be sent their own.
 */
function OrderTickets({ ticket }: { ticket: TTicket }) {
  const tickets = ticket.tickets ?? [];
  if (!tickets.length)
    return (
      <p className="rounded-lg bg-paper px-4 py-3 text-center text-sm text-ink/80">
        Your tickets appear here once your order is confirmed{ticket.event.is_paid_event ? ' and paid' : ''}.
      </p>
    );
  return (
    <section aria-labelledby="order-tickets" className="grid gap-2">
      <h2 id="order-tickets" className="text-base font-semibold">
        Your tickets
      </h2>
      <p className="text-sm text-ink/75">Each ticket has its own QR code and PIN: open it, or forward its link to its guest.</p>
      <ul className="grid gap-2">
        {tickets.map((t) => (
          <li key={t.ticket_url}>
            <a
              href={t.ticket_url}
              className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-ink/15 bg-white px-3 py-2 text-sm hover:bg-paper focus-visible:outline-2"
            >
              <span className="font-medium">{t.label}</span>
              <span className="text-ink/75">{t.amount ? `${formatMinorUnits(t.amount, ticket.currency ?? 'usd')} · ` : ''}Open ticket</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Row({ label, icon, children }: { label: string; icon?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_1fr] items-start gap-3">
      <dt className="flex items-center gap-1.5 text-ink/70 print:text-black [&_svg]:size-4 [&_svg]:shrink-0">
        {icon ? <span aria-hidden="true">{icon}</span> : null}
        {label}
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/* The ticket page's own icons, drawn like features/events/guest-icons.tsx (no icon library on a guest page's first load). */

const PersonIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
);

const PeopleIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2 20a7 7 0 0 1 14 0M16 4.5a3.5 3.5 0 0 1 0 7M18 13.5a7 7 0 0 1 4 6.5" />
  </Svg>
);

const PrinterIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
    <rect x="6" y="14" width="12" height="7" rx="1" />
  </Svg>
);
