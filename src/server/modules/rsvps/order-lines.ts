import { randomBytes } from 'node:crypto';
import { PER_ORDER_MAX, salesState, type TOrderLines } from '../../../common/schemas/ticket-types.ts';
import { QR_NONCE_BYTES, TICKET_SECRET_BYTES } from '../../db/schema/rsvps.ts';
import type { order_tickets } from '../../db/schema/tickets.ts';
import { AppError } from '../../errors.ts';
import type { FormTicketType } from '../../domain/ticket-types-sql.ts';
import type { CheckoutLine } from '../../integrations/payment-provider.ts';

/**
 * An order of ticket types as checked against the event's types (docs/product.md#ticket-types), before anything is
 * written: its lines in type-id order (the order the seat write takes the type rows in: migration 0030), the
 * party it admits, what it costs and its checkout line items.
 */
export type PreparedOrder = {
  lines: { type: FormTicketType; quantity: number }[];
  guestCount: number;
  /** Minor units of the event's currency. */
  total: number;
  checkoutLines: CheckoutLine[];
  /** "VIP × 2, General × 1" (the e-mail's guests line). */
  summary: string;
};

const refuse = (message: string) => new AppError('validation_failed', message, { tickets: message });

function whenText(iso: string) {
  return new Date(iso).toISOString().slice(0, 16).replace('T', ' ');
}

/** Checks a guest's order against the event's types; a type that is hidden, off sale or out of its per-order bounds is a 400 on `tickets`. */
export function prepareOrder(types: FormTicketType[], lines: TOrderLines | undefined, now = Date.now()): PreparedOrder {
  if (!lines?.length) throw refuse('Choose your tickets.');
  const chosen = lines.map((l) => {
    const type = types.find((t) => t.id === l.type_id);
    if (!type || type.hidden) throw refuse('One of these ticket types is not on sale.');
    const state = salesState(type, now);
    if (state === 'not_yet') throw refuse(`${type.name}: sales open ${whenText(type.sales_start!)} UTC.`);
    if (state === 'ended') throw refuse(`${type.name}: sales have ended.`);
    if (l.quantity < type.min_per_order) throw refuse(`${type.name}: choose at least ${type.min_per_order}.`);
    if (l.quantity > type.max_per_order) throw refuse(`${type.name}: choose at most ${type.max_per_order}.`);
    return { type, quantity: l.quantity };
  });
  chosen.sort((a, b) => (a.type.id < b.type.id ? -1 : a.type.id > b.type.id ? 1 : 0));
  const guestCount = chosen.reduce((n, l) => n + l.quantity, 0);
  if (guestCount > PER_ORDER_MAX) throw refuse(`One order holds at most ${PER_ORDER_MAX} guests.`);
  return {
    lines: chosen,
    guestCount,
    total: chosen.reduce((n, l) => n + l.type.price * l.quantity, 0),
    checkoutLines: chosen
      .filter((l) => l.type.price > 0)
      .map((l) => ({ name: l.type.name, unitAmount: l.type.price, quantity: l.quantity })),
    // In the host's order of types, as the order's page and the guest list show them.
    summary: types.flatMap((t) => chosen.filter((l) => l.type === t).map((l) => `${t.name} × ${l.quantity}`)).join(', '),
  };
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * The order's tickets as rows: 'each' types one ticket per guest ("VIP · 1 of 2"), 'group' types one ticket
 * admitting the line's guests; each with its own page secret, QR nonce and a drawn PIN.
 */
export function ticketRows(order: PreparedOrder, o: { rsvpId: string; eventId: string; drawPin: () => string }) {
  const rows: (typeof order_tickets.$inferInsert)[] = [];
  for (const { type, quantity } of order.lines) {
    const group = type.admission === 'group';
    const count = group ? 1 : quantity;
    for (let i = 1; i <= count; i++) {
      rows.push({
        rsvp_id: o.rsvpId,
        event_id: o.eventId,
        ticket_type_id: type.id,
        number: i,
        of_count: count,
        admits: group ? quantity : 1,
        amount: group ? type.price * quantity : type.price,
        pin: o.drawPin(),
        ticket_secret: random(TICKET_SECRET_BYTES),
        qr_nonce: random(QR_NONCE_BYTES),
      });
    }
  }
  return rows;
}
