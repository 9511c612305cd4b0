import { and, eq, inArray } from 'drizzle-orm';
import type { TPromoCode } from '../../../common/schemas/promo-codes.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation, pgError } from '../../db/pg-errors.ts';
import { type promo_codes, ticket_types } from '../../db/schema/tickets.ts';
import { AppError } from '../../errors.ts';

/** A code's id that is not one of this event's (or is gone): 404. */
export const MSG_PROMO_CODE_NOT_FOUND = 'This promo code is not on the event any more.';

/** The host's view of a stored code. */
export function hostPromoCode(r: typeof promo_codes.$inferSelect): TPromoCode {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    value: r.value,
    type_ids: r.type_ids,
    max_uses: r.max_uses,
    uses: r.uses,
    per_order: r.per_order,
    expires_at: r.expires_at?.toISOString() ?? null,
  };
}

/** The types a code names must be this event's: else 400 on `type_ids`. */
export async function checkCodeTypes(tx: DbOrTx, eventId: string, typeIds: string[] | null | undefined): Promise<void> {
  if (!typeIds?.length) return;
  const unique = [...new Set(typeIds)];
  const found = await tx
    .select({ id: ticket_types.id })
    .from(ticket_types)
    .where(and(eq(ticket_types.event_id, eventId), inArray(ticket_types.id, unique)));
  if (found.length !== unique.length) {
    const message = 'Choose ticket types of this event.';
    throw new AppError('validation_failed', message, { type_ids: message });
  }
}

/** What the code row's own checks refused, as the host reads it; null for anything else. */
export function codeChangeError(err: unknown): AppError | null {
  const pg = pgError(err);
  if (isUniqueViolation(err) && pg?.constraint === 'promo_codes_event_code_key') {
    const message = 'This event already has this code.';
    return new AppError('conflict', message, { code: message });
  }
  if (pg?.code === '23514' && pg.constraint === 'promo_codes_used_up') {
    const message = 'The limit cannot go below the orders already using the code.';
    return new AppError('conflict', message, { max_uses: message });
  }
  if (pg?.code === '23514' && pg.constraint === 'promo_codes_value') {
    const message = 'A percentage is 0 to 100.';
    return new AppError('validation_failed', message, { value: message });
  }
  return null;
}
