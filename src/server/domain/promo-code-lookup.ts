import { and, eq } from 'drizzle-orm';
import type { PromoTerms } from '../../common/pricing.ts';
import type { DbOrTx } from '../db/client.ts';
import { promo_codes } from '../db/schema/tickets.ts';

/** A code that applies now, as an order takes it: its id (its uses follow the order: migration 0035) and its terms. */
export type LiveCode = PromoTerms & { id: string };

/**
 * The event's code `code` (already upper-cased) if it applies now: not expired and not used up (as of this read; the
 * order's write counts the use under the code row's lock and may still refuse it). Null otherwise, whatever the
 * reason, so an answer never tells an unknown code from a spent one (docs/decisions/0033-promo-codes-and-charges.md).
 */
export async function findLiveCode(db: DbOrTx, eventId: string, code: string, now = new Date()): Promise<LiveCode | null> {
  const [row] = await db
    .select({
      id: promo_codes.id,
      code: promo_codes.code,
      kind: promo_codes.kind,
      value: promo_codes.value,
      type_ids: promo_codes.type_ids,
      per_order: promo_codes.per_order,
      max_uses: promo_codes.max_uses,
      uses: promo_codes.uses,
      expires_at: promo_codes.expires_at,
    })
    .from(promo_codes)
    .where(and(eq(promo_codes.event_id, eventId), eq(promo_codes.code, code)))
    .limit(1);
  if (!row) return null;
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return null;
  if (row.max_uses !== null && row.uses >= row.max_uses) return null;
  return { id: row.id, code: row.code, kind: row.kind, value: row.value, type_ids: row.type_ids, per_order: row.per_order };
}
