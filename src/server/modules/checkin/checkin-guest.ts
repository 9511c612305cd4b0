import type { GuestStatus } from '../../../common/constants.ts';
import { ticketLabel } from '../../../common/schemas/ticket-types.ts';
import { order_tickets, ticket_types } from '../../db/schema/tickets.ts';
import { and, desc, eq, gt } from 'drizzle-orm';
import { VERIFICATION_CODE_SHOWN } from '../../../common/constants.ts';
import { displayName } from '../../../common/display-name.ts';
import type { TCheckinGuest } from '../../../common/schemas/checkin.responses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';

/** The RSVP columns a verdict shows: no e-mail (door staff see what the card shows, nothing more). */
export const guestColumns = {
  rsvp_id: event_rsvps.id,
  event_id: event_rsvps.event_id,
  name: event_rsvps.name,
  phone: event_rsvps.phone,
  guest_count: event_rsvps.guest_count,
  checked_in_count: event_rsvps.checked_in_count,
  status: event_rsvps.status,
  payment_status: event_rsvps.payment_status,
  qr_code_data: event_rsvps.qr_code_data,
  checked_in_at: event_rsvps.checked_in_at,
};

export type GuestRow = {
  rsvp_id: string;
  event_id: string;
  name: string;
  phone: string | null;
  guest_count: number;
  checked_in_count: number;
  status: GuestStatus;
  payment_status: string | null;
  qr_code_data: string | null;
  checked_in_at: Date | null;
};

/** The verification code as the card shows it: its first 16 characters (the token, or the RSVP id of a legacy ticket). */
export const codePrefix = (g: Pick<GuestRow, 'qr_code_data' | 'rsvp_id'>) =>
  (g.qr_code_data ?? g.rsvp_id).slice(0, VERIFICATION_CODE_SHOWN);

/** What the door sees of a guest (a verdict adds the last admission, a search result the PIN). */
export const guestCard = (g: GuestRow): Omit<TCheckinGuest, 'last_checkin'> => ({
  rsvp_id: g.rsvp_id,
  name: g.name,
  phone: g.phone,
  guest_count: g.guest_count,
  checked_in_count: g.checked_in_count,
  status: g.status,
  payment_status: g.payment_status,
  code_prefix: codePrefix(g),
  checked_in_at: g.checked_in_at?.toISOString() ?? null,
});

/** An order ticket as the door's card names it ("VIP · 1 of 2": docs/product.md#ticket-types). */
export const ticketCard = (t: { type: string; number: number; of: number; admits: number; checked_in_count: number }) => ({
  label: ticketLabel(t),
  admits: t.admits,
  checked_in_count: t.checked_in_count,
});

/** An order ticket's card by its id (the verify route and the verification page: no lock). */
export async function ticketCardOf(db: DbOrTx, ticketId: string) {
  const [t] = await db
    .select({
      type: ticket_types.name,
      number: order_tickets.number,
      of: order_tickets.of_count,
      admits: order_tickets.admits,
      checked_in_count: order_tickets.checked_in_count,
    })
    .from(order_tickets)
    .innerJoin(ticket_types, eq(ticket_types.id, order_tickets.ticket_type_id))
    .where(eq(order_tickets.id, ticketId))
    .limit(1);
  return t ? ticketCard(t) : undefined;
}

/** The guest as a verdict shows it, with their last admission (when, by whom, on which device); with `ticketId`, the order ticket scanned. */
export async function toCheckinGuest(db: DbOrTx, g: GuestRow, ticketId?: string): Promise<TCheckinGuest> {
  const ticket = ticketId ? await ticketCardOf(db, ticketId) : undefined;
  const [last] = await db
    .select({ at: checkins.scanned_at, by: user.name, email: user.email, device: checkins.device })
    .from(checkins)
    .leftJoin(user, eq(user.id, checkins.user_id))
    .where(and(eq(checkins.rsvp_id, g.rsvp_id), eq(checkins.kind, 'entry'), gt(checkins.admitted, 0)))
    .orderBy(desc(checkins.received_at))
    .limit(1);
  return { ...guestCard(g), last_checkin: last && g.checked_in_count > 0 ? lastCheckin(last) : null, ...(ticket ? { ticket } : {}) };
}

/** The last admission as the card shows it: when, by whom (the name, else the e-mail's local part), on which device. */
export const lastCheckin = (last: { at: Date; by: string | null; email: string | null; device: string | null }) => ({
  at: last.at.toISOString(),
  by: displayName({ name: last.by, email: last.email }),
  device: last.device,
});
