import { getTableName, sql } from 'drizzle-orm';
import type { Admission, TPublicTicketType } from '../../common/schemas/ticket-types.ts';
import { events } from '../db/schema/events.ts';

/** A type as the order form checks it (docs/product.md#ticket-types): read with the event, cached with it. */
export type FormTicketType = {
  id: string;
  name: string;
  description: string | null;
  price: number;
  quantity: number | null;
  seats_taken: number;
  min_per_order: number;
  max_per_order: number;
  sales_start: string | null;
  sales_end: string | null;
  hidden: boolean;
  admission: Admission;
};

const eventId = sql`${sql.identifier(getTableName(events))}.${sql.identifier(events.id.name)}`;

/**
 * The ticket types of the event row in scope (`events.id`), in their order: the order form (rsvps/load-rsvp-event.ts)
 * and the public event read them in the same query as the event. An event without types costs one empty index probe.
 */
export const formTicketTypesSql = sql<FormTicketType[]>`(SELECT coalesce(jsonb_agg(jsonb_build_object(
    'id', t.id, 'name', t.name, 'description', t.description, 'price', t.price, 'quantity', t.quantity,
    'seats_taken', t.seats_taken, 'min_per_order', t.min_per_order, 'max_per_order', t.max_per_order,
    'sales_start', t.sales_start, 'sales_end', t.sales_end, 'hidden', t.hidden, 'admission', t.admission
  ) ORDER BY t.position, t.created_at), '[]'::jsonb)
  FROM ticket_types t WHERE t.event_id = ${eventId})`;

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** What the event page shows of a type: what is left of it (null: only the event's capacity bounds it). */
export function publicTicketType(t: FormTicketType): TPublicTicketType {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    price: t.price,
    left: t.quantity === null ? null : Math.max(0, t.quantity - t.seats_taken),
    min_per_order: t.min_per_order,
    max_per_order: t.max_per_order,
    sales_start: iso(t.sales_start),
    sales_end: iso(t.sales_end),
    admission: t.admission,
  };
}

/** What the event page lists: visible types (hidden ones only through a promo code that names them). */
export function publicTicketTypes(types: FormTicketType[]): TPublicTicketType[] {
  return types.filter((t) => !t.hidden).map(publicTicketType);
}
