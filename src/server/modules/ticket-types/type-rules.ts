import { eq } from 'drizzle-orm';
import { PAYMENT_MSG } from '../../../common/payment-texts.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { isForeignKeyViolation, pgError } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';

/**
 * The event-level rules of a type change (docs/product.md#ticket-types): a price above 0 needs a paid event
 * (its payment keys sell it); types and the waitlist do not mix yet (an offer of freed seats names no type).
 */
export async function checkTypeRules(tx: DbOrTx, eventId: string, v: { price?: number }) {
  const [e] = await tx
    .select({ paid: events.is_paid_event, waitlist: events.waitlist_offer_hours })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (e && v.price !== undefined && v.price > 0 && !e.paid)
    throw new AppError('conflict', PAYMENT_MSG.typePriceNeedsPayments, { price: PAYMENT_MSG.typePriceNeedsPayments });
  if (e && e.waitlist !== null)
    throw new AppError('conflict', 'Turn the waitlist off to sell ticket types: waitlist offers name no type yet.');
}

/** A type change the database refused: fewer on sale than are taken, or a delete of a type with tickets. */
export function typeChangeError(err: unknown): AppError | null {
  const pg = pgError(err);
  if (pg?.code === '23514' && pg.constraint === 'ticket_types_sold_out')
    return new AppError('conflict', 'More of this type are taken than that.', { quantity: 'Enter at least the number already taken.' });
  if (isForeignKeyViolation(err, 'order_tickets_ticket_type_id_ticket_types_id_fk'))
    return new AppError('conflict', 'Tickets of this type were ordered: hide it instead of deleting it.');
  return null;
}
