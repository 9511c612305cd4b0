import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { CODE_HASH_BYTES, type OfflineCode } from '../../../common/offline-codes.ts';
import type { TOfflineGuest } from '../../../common/schemas/checkin-offline.ts';
import { ticketLabel } from '../../../common/schemas/ticket-types.ts';
import type { DbOrTx } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { order_tickets, ticket_types } from '../../db/schema/tickets.ts';
import { admissible } from '../tickets/verify-ticket.ts';
import { codePrefix, lastCheckin } from './checkin-guest.ts';

/**
 * An event's guest list as an offline door device holds it (docs/decisions/0035-offline-door.md): every RSVP with
 * its admission state and last admission, and instead of its QR nonce and PIN their keyed hashes
 * (src/common/offline-codes.ts) under the device's key, so the copy lets nobody make a ticket.
 */
export async function offlineGuests(db: DbOrTx, eventId: string, dataKey: string): Promise<TOfflineGuest[]> {
  const [rows, tickets, lasts] = await Promise.all([
    db
      .select({
        rsvp_id: event_rsvps.id,
        name: event_rsvps.name,
        email: event_rsvps.email,
        phone: event_rsvps.phone,
        guest_count: event_rsvps.guest_count,
        checked_in_count: event_rsvps.checked_in_count,
        status: event_rsvps.status,
        payment_status: event_rsvps.payment_status,
        qr_code_data: event_rsvps.qr_code_data,
        qr_nonce: event_rsvps.qr_nonce,
        checked_in_at: event_rsvps.checked_in_at,
        pin: rsvp_pins.pin,
      })
      .from(event_rsvps)
      .leftJoin(rsvp_pins, eq(rsvp_pins.rsvp_id, event_rsvps.id))
      .where(eq(event_rsvps.event_id, eventId))
      .orderBy(asc(event_rsvps.name)),
    db
      .select({
        id: order_tickets.id,
        rsvp_id: order_tickets.rsvp_id,
        type: ticket_types.name,
        number: order_tickets.number,
        of: order_tickets.of_count,
        admits: order_tickets.admits,
        checked_in_count: order_tickets.checked_in_count,
        qr_nonce: order_tickets.qr_nonce,
        pin: order_tickets.pin,
        refunded_at: order_tickets.refunded_at,
        refund_id: order_tickets.refund_id,
      })
      .from(order_tickets)
      .innerJoin(ticket_types, eq(ticket_types.id, order_tickets.ticket_type_id))
      .where(eq(order_tickets.event_id, eventId))
      .orderBy(asc(order_tickets.rsvp_id), asc(order_tickets.number)),
    db
      .selectDistinctOn([checkins.rsvp_id], {
        rsvp_id: checkins.rsvp_id,
        at: checkins.scanned_at,
        by: user.name,
        email: user.email,
        device: checkins.device,
      })
      .from(checkins)
      .leftJoin(user, eq(user.id, checkins.user_id))
      .where(
        and(eq(checkins.event_id, eventId), eq(checkins.kind, 'entry'), gt(checkins.admitted, 0), sql`${checkins.rsvp_id} is not null`),
      )
      .orderBy(checkins.rsvp_id, desc(checkins.received_at)),
  ]);
  const keyBytes = Buffer.from(dataKey, 'base64url');
  // common/offline-codes.ts codeHash, synchronously (WebCrypto's promise per hash took 2.5× as long for
  // 10,000 codes); tests/integration/checkin-offline.test.ts checks both give the same hashes.
  const hash = (code: OfflineCode) =>
    createHmac('sha256', keyBytes).update(`${code.kind}:${code.value}`).digest().subarray(0, CODE_HASH_BYTES).toString('base64url');
  const lastBy = new Map(lasts.map((l) => [l.rsvp_id, l]));
  const ticketsBy = new Map<string, TOfflineGuest['tickets']>();
  for (const t of tickets) {
    const list = ticketsBy.get(t.rsvp_id) ?? [];
    list.push({
      id: t.id,
      label: ticketLabel(t),
      admits: t.admits,
      checked_in_count: t.checked_in_count,
      qr: hash({ kind: 'qr', value: t.qr_nonce }),
      pin: hash({ kind: 'pin', value: t.pin }),
      // A refunded ticket, or one whose refund is under way, admits nobody (docs/product.md#refunds), as at the door online.
      refund: t.refunded_at ? 'done' : t.refund_id ? 'under_way' : null,
    });
    ticketsBy.set(t.rsvp_id, list);
  }
  const out: TOfflineGuest[] = [];
  for (const g of rows) {
    const last = lastBy.get(g.rsvp_id);
    out.push({
      rsvp_id: g.rsvp_id,
      name: g.name,
      email: g.email ?? '',
      phone: g.phone,
      guest_count: g.guest_count,
      checked_in_count: g.checked_in_count,
      status: g.status,
      payment_status: g.payment_status,
      admissible: admissible(g),
      code_prefix: codePrefix(g),
      checked_in_at: g.checked_in_at?.toISOString() ?? null,
      last_checkin: last && g.checked_in_count > 0 ? lastCheckin(last) : null,
      // An RSVP's own QR counts only while it has a token (an order's tickets carry theirs).
      qr: g.qr_code_data ? hash({ kind: 'qr', value: g.qr_nonce }) : null,
      pin: g.pin ? hash({ kind: 'pin', value: g.pin }) : null,
      tickets: ticketsBy.get(g.rsvp_id) ?? [],
    });
  }
  return out;
}
