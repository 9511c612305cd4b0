import { and, eq } from 'drizzle-orm';
import { ticket_types } from '../../db/schema/tickets.ts';
import { notFound } from '../../errors.ts';
import { changeForm, type FormChangeOptions } from '../questions/form-change.ts';
import { MSG_TICKET_TYPE_NOT_FOUND } from './ticket-type-row.ts';
import { typeChangeError } from './type-rules.ts';

/** Deletes a type nobody ordered (docs/product.md#ticket-types); one with tickets is refused (409): hide it instead. */
export async function deleteTicketType(opts: FormChangeOptions & { typeId: string }): Promise<void> {
  try {
    await changeForm(opts, async (tx) => {
      const gone = await tx
        .delete(ticket_types)
        .where(and(eq(ticket_types.id, opts.typeId), eq(ticket_types.event_id, opts.eventId)))
        .returning({ id: ticket_types.id });
      if (!gone.length) throw notFound(MSG_TICKET_TYPE_NOT_FOUND);
    });
  } catch (err) {
    throw typeChangeError(err) ?? err;
  }
  opts.log.info({ eventId: opts.eventId, ticketTypeId: opts.typeId }, 'ticket type deleted');
}
