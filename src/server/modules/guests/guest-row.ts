import { sql } from 'drizzle-orm';
import type { TGuestRow } from '../../../common/schemas/guests.responses.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { latestSmsDelivery } from '../../domain/sms-delivery.ts';
import { waitlistPlaceSql } from '../../domain/guest-query.ts';
import { answerTextsSql } from '../../domain/rsvp-answers.ts';
import { type ListedTicket, listedTicketsSql } from '../../domain/order-tickets.ts';
import { ticketLabel } from '../../../common/schemas/ticket-types.ts';

/** The columns of a guest-list row (select … from event_rsvps left join rsvp_pins). */
export const guestRowColumns = {
  id: event_rsvps.id,
  name: event_rsvps.name,
  email: event_rsvps.email,
  phone: event_rsvps.phone,
  pin: rsvp_pins.pin,
  status: event_rsvps.status,
  type: event_rsvps.type,
  payment_status: event_rsvps.payment_status,
  payment_amount: event_rsvps.payment_amount,
  payment_currency: event_rsvps.payment_currency,
  payment_id: event_rsvps.payment_id,
  promo_code: event_rsvps.promo_code,
  discount_amount: event_rsvps.discount_amount,
  fee_amount: event_rsvps.fee_amount,
  tax_amount: event_rsvps.tax_amount,
  refunded_amount: event_rsvps.refunded_amount,
  guest_count: event_rsvps.guest_count,
  notes: event_rsvps.notes,
  attended: event_rsvps.attended,
  checked_in_at: event_rsvps.checked_in_at,
  created_at: event_rsvps.created_at,
  has_ticket: sql<boolean>`(${event_rsvps.status} = 'confirmed' and ${event_rsvps.qr_code_data} is not null)`,
  /** docs/product.md#waitlist: the place in line of a waiting party. */
  waitlist_place: waitlistPlaceSql,
  /** docs/product.md#sms: the latest SMS to this guest and its delivery status. */
  sms: latestSmsDelivery,
  /** docs/product.md#custom-questions: question id → the guest's answer as text. */
  answers: answerTextsSql,
  /** docs/product.md#ticket-types: an order's tickets (null when it has none). */
  tickets: listedTicketsSql,
};

/**
 * The guest's door PIN looked up per row, for a page of the list: beside a join, PostgreSQL read the PIN of
 * every match before keeping a page of them (a search by a common surname: 2,000 lookups for 40 rows,
 * docs/measurements/code-paths.md#guest-search).
 */
export const pinPerRow = sql<string | null>`(select ${rsvp_pins.pin} from ${rsvp_pins} where ${rsvp_pins.rsvp_id} = ${event_rsvps.id})`;

export type GuestRowRecord = Omit<TGuestRow, 'checked_in_at' | 'created_at' | 'tickets'> & {
  checked_in_at: Date | null;
  created_at: Date;
  tickets?: ListedTicket[] | null;
};

/** An order's tickets as the list shows them ("VIP · 1 of 2"). */
export const listedTickets = (tickets: ListedTicket[]) =>
  tickets.map((t) => ({
    id: t.id,
    label: ticketLabel(t),
    admits: t.admits,
    amount: t.amount,
    checked_in_count: t.checked_in_count,
    refunded_amount: t.refunded_amount,
    refunding: t.refunding,
  }));

export function toGuestRow(r: GuestRowRecord): TGuestRow {
  const { tickets, ...rest } = r;
  return {
    ...rest,
    checked_in_at: r.checked_in_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    ...(tickets ? { tickets: listedTickets(tickets) } : {}),
  };
}
