import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TTicketType, ZTicketTypePatch } from '../../../common/schemas/ticket-types.ts';
import { ticket_types } from '../../db/schema/tickets.ts';
import { AppError, notFound } from '../../errors.ts';
import { changeForm, type FormChangeOptions } from '../questions/form-change.ts';
import { hostTicketType, MSG_TICKET_TYPE_NOT_FOUND } from './ticket-type-row.ts';
import { checkTypeRules, typeChangeError } from './type-rules.ts';

const at = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

/**
 * Changes a type (docs/product.md#ticket-types). Its tickets keep what they were sold at; a quantity below the
 * seats already taken is refused (409) by the type row's own check, under its lock.
 */
export async function changeTicketType(
  opts: FormChangeOptions & { typeId: string; input: z.output<typeof ZTicketTypePatch> },
): Promise<TTicketType> {
  const { input } = opts;
  try {
    return await changeForm(opts, async (tx) => {
      await checkTypeRules(tx, opts.eventId, input);
      const [row] = await tx
        .update(ticket_types)
        .set({ ...input, sales_start: at(input.sales_start), sales_end: at(input.sales_end), updated_at: new Date() })
        .where(and(eq(ticket_types.id, opts.typeId), eq(ticket_types.event_id, opts.eventId)))
        .returning();
      if (!row) throw notFound(MSG_TICKET_TYPE_NOT_FOUND);
      if (row.min_per_order > row.max_per_order)
        throw new AppError('validation_failed', 'The maximum per order must be at least the minimum.', {
          max_per_order: 'The maximum per order must be at least the minimum.',
        });
      if (row.sales_start && row.sales_end && row.sales_start >= row.sales_end)
        throw new AppError('validation_failed', 'Sales must end after they start.', { sales_end: 'Sales must end after they start.' });
      return hostTicketType(row);
    });
  } catch (err) {
    throw typeChangeError(err) ?? err;
  }
}
