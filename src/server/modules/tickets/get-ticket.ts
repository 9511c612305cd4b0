import { and, eq, isNull } from 'drizzle-orm';
import type { TTicket } from '../../../common/schemas/rsvps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_themes, events } from '../../db/schema/events.ts';
import { eventTheme, eventThemeColumns } from '../themes/theme-row.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import { signTicketToken } from '../../domain/ticket-token.ts';
import { isTicketSecret, qrImagePath, ticketPagePath, verificationUrl } from '../../domain/ticket-urls.ts';
import { order_tickets, ticket_types } from '../../db/schema/tickets.ts';
import { orderSummarySql, orderTicketsOf } from '../../domain/order-tickets.ts';
import { ticketLabel } from '../../../common/schemas/ticket-types.ts';
import { admissible } from './verify-ticket.ts';

/** An order ticket's QR never rotates yet (docs/decisions/0028-ticket-types.md): its image URL's cache-buster. */
export const ORDER_TICKET_QR_VERSION = 1;

export const TICKET_NOT_FOUND = 'Ticket not found';

/**
 * The guest ticket page (docs/product.md#ticket-page), by the ticket's own secret, never by the RSVP id (a rotated secret
 * finds nothing: docs/decisions/0010-ticket-secrets.md). Declined answers have no ticket (404);
 * a 'maybe' is shown without QR and PIN. Explicit columns only: no e-mail, phone or notes.
 */
export async function getTicket(opts: { db: DbOrTx; baseUrl: string; signingKey: string; ticketSecret: string }): Promise<TTicket> {
  if (!isTicketSecret(opts.ticketSecret)) throw notFound(TICKET_NOT_FOUND);
  const [row] = await opts.db
    .select(ticketPageColumns)
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .leftJoin(rsvp_pins, eq(rsvp_pins.rsvp_id, event_rsvps.id))
    .leftJoin(event_themes, eq(event_themes.id, events.theme_id))
    .where(eq(event_rsvps.ticket_secret, opts.ticketSecret))
    .limit(1);
  if (!row) return getOrderTicket(opts);
  if (row.status === 'declined') throw notFound(TICKET_NOT_FOUND);
  if (row.ordered) return orderPage(opts, row);
  const hasTicket = row.status === 'confirmed';
  const token = hasTicket ? signTicketToken({ key: opts.signingKey, nonce: row.qr_nonce }) : null;
  return {
    ...ticketPageBase(row),
    pin: hasTicket ? row.pin : null,
    qr_png_url: hasTicket ? qrImagePath(row.ticket_secret, row.qr_version, 'png') : null,
    qr_svg_url: hasTicket ? qrImagePath(row.ticket_secret, row.qr_version, 'svg') : null,
    verification_url: token ? verificationUrl(opts.baseUrl, token) : null,
  };
}

const ticketPageColumns = {
  id: event_rsvps.id,
  name: event_rsvps.name,
  guest_count: event_rsvps.guest_count,
  status: event_rsvps.status,
  payment_status: event_rsvps.payment_status,
  payment_currency: event_rsvps.payment_currency,
  ticket_secret: event_rsvps.ticket_secret,
  qr_nonce: event_rsvps.qr_nonce,
  qr_version: event_rsvps.qr_version,
  created_at: event_rsvps.created_at,
  confirmed_at: event_rsvps.confirmed_at,
  pin: rsvp_pins.pin,
  ordered: orderSummarySql,
  event: {
    id: events.id,
    slug: events.slug,
    title: events.title,
    subtitle: events.subtitle,
    image_url: events.image_url,
    event_date: events.event_date,
    end_date: events.end_date,
    timezone: events.timezone,
    location: events.location,
    is_paid_event: events.is_paid_event,
    currency: events.currency,
  },
  ...eventThemeColumns,
};
/** What every ticket page reads of its RSVP and event. */
type PageBase = {
  id: string;
  name: string;
  guest_count: number;
  status: TTicket['status'];
  payment_status: string | null;
  payment_currency: string | null;
  created_at: Date;
  confirmed_at: Date | null;
  event: {
    id: string;
    slug: string;
    title: string;
    subtitle: string | null;
    image_url: string | null;
    event_date: Date;
    end_date: Date | null;
    timezone: string;
    location: string | null;
    is_paid_event: boolean;
    currency: string;
  };
} & Parameters<typeof eventTheme>[0];

/** What every ticket page shows of its RSVP and event. */
function ticketPageBase(row: PageBase) {
  const hasTicket = row.status === 'confirmed';
  const { currency: _currency, ...event } = row.event;
  return {
    id: row.id,
    name: row.name,
    guest_count: row.guest_count,
    status: row.status,
    payment_status: row.payment_status,
    created_at: row.created_at.toISOString(),
    confirmed_at: hasTicket ? (row.confirmed_at?.toISOString() ?? null) : null,
    event: {
      ...event,
      event_date: event.event_date.toISOString(),
      end_date: event.end_date?.toISOString() ?? null,
      theme: eventTheme(row),
    },
  };
}

const noQr = { pin: null, qr_png_url: null, qr_svg_url: null, verification_url: null };

/**
 * An order's page (docs/decisions/0028-ticket-types.md): no QR code or PIN of its own; its tickets, each a link
 * to its own page, once the order is admissible (confirmed, and paid when it had a price).
 */
async function orderPage(opts: { db: DbOrTx }, row: PageBase): Promise<TTicket> {
  const tickets = admissible(row) ? (await orderTicketsOf(opts.db, row.id)).filter((t) => !t.refunded) : [];
  return {
    ...ticketPageBase(row),
    ...noQr,
    currency: row.payment_currency ?? row.event.currency,
    tickets: tickets.map((t) => ({
      label: ticketLabel(t),
      admits: t.admits,
      amount: t.amount,
      ticket_url: ticketPagePath(t.ticket_secret),
    })),
  };
}

/** One ticket of an order by its own secret: its QR code and PIN while its order is admissible; its label ("VIP · 1 of 2"). */
async function getOrderTicket(opts: { db: DbOrTx; baseUrl: string; signingKey: string; ticketSecret: string }): Promise<TTicket> {
  const [t] = await opts.db
    .select({
      ...ticketPageColumns,
      pin: order_tickets.pin,
      qr_nonce: order_tickets.qr_nonce,
      ticket_secret: order_tickets.ticket_secret,
      type: ticket_types.name,
      number: order_tickets.number,
      of: order_tickets.of_count,
      admits: order_tickets.admits,
    })
    .from(order_tickets)
    .innerJoin(ticket_types, eq(ticket_types.id, order_tickets.ticket_type_id))
    .innerJoin(event_rsvps, eq(event_rsvps.id, order_tickets.rsvp_id))
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .leftJoin(event_themes, eq(event_themes.id, events.theme_id))
    // A refunded ticket's page is gone, like a cancelled answer's (docs/product.md#refunds).
    .where(and(eq(order_tickets.ticket_secret, opts.ticketSecret), isNull(order_tickets.refunded_at)))
    .limit(1);
  if (!t || t.status === 'declined') throw notFound(TICKET_NOT_FOUND);
  const valid = admissible(t);
  const token = valid ? signTicketToken({ key: opts.signingKey, nonce: t.qr_nonce }) : null;
  return {
    ...ticketPageBase(t),
    guest_count: t.admits,
    pin: valid ? t.pin : null,
    qr_png_url: valid ? qrImagePath(t.ticket_secret, ORDER_TICKET_QR_VERSION, 'png') : null,
    qr_svg_url: valid ? qrImagePath(t.ticket_secret, ORDER_TICKET_QR_VERSION, 'svg') : null,
    verification_url: token ? verificationUrl(opts.baseUrl, token) : null,
    ticket_label: ticketLabel(t),
  };
}
