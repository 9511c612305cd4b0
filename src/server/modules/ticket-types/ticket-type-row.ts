import type { TTicketType } from '../../../common/schemas/ticket-types.ts';
import type { ticket_types } from '../../db/schema/tickets.ts';

/** A type's id that is not one of this event's (or is gone): 404. */
export const MSG_TICKET_TYPE_NOT_FOUND = 'This ticket type is not on the event any more.';

/** The host's view of a stored type. */
export function hostTicketType(r: typeof ticket_types.$inferSelect): TTicketType {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: r.price,
    quantity: r.quantity,
    min_per_order: r.min_per_order,
    max_per_order: r.max_per_order,
    sales_start: r.sales_start?.toISOString() ?? null,
    sales_end: r.sales_end?.toISOString() ?? null,
    hidden: r.hidden,
    admission: r.admission,
    seats_taken: r.seats_taken,
  };
}
