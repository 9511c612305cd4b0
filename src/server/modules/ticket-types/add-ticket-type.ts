import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_TICKET_TYPES, type TTicketType, type ZTicketTypeInput } from '../../../common/schemas/ticket-types.ts';
import { ticket_types } from '../../db/schema/tickets.ts';
import { AppError } from '../../errors.ts';
import { changeForm, type FormChangeOptions } from '../questions/form-change.ts';
import { hostTicketType } from './ticket-type-row.ts';
import { checkTypeRules } from './type-rules.ts';

const at = (v: string | null) => (v === null ? null : new Date(v));

/** A new ticket type at the end of the event's list (docs/product.md#ticket-types); at most MAX_TICKET_TYPES. */
export async function addTicketType(opts: FormChangeOptions & { input: z.output<typeof ZTicketTypeInput> }): Promise<TTicketType> {
  const { input } = opts;
  const type = await changeForm(opts, async (tx) => {
    await checkTypeRules(tx, opts.eventId, input);
    const [counted] = await tx.select({ n: count() }).from(ticket_types).where(eq(ticket_types.event_id, opts.eventId));
    if ((counted?.n ?? 0) >= MAX_TICKET_TYPES) throw new AppError('conflict', `An event sells at most ${MAX_TICKET_TYPES} ticket types.`);
    const [row] = await tx
      .insert(ticket_types)
      .values({
        event_id: opts.eventId,
        ...input,
        sales_start: at(input.sales_start),
        sales_end: at(input.sales_end),
        position: sql`(SELECT coalesce(max(position), -1) + 1 FROM ticket_types WHERE event_id = ${opts.eventId})`,
      })
      .returning();
    if (!row) throw new Error('addTicketType: the insert returned no row');
    return hostTicketType(row);
  });
  opts.log.info({ eventId: opts.eventId, ticketTypeId: type.id }, 'ticket type added');
  return type;
}
