import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_PROMO_CODES, type TPromoCode, type ZPromoCodeInput, type ZPromoCodePatch } from '../../../common/schemas/promo-codes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { promo_codes } from '../../db/schema/tickets.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { checkCodeTypes, codeChangeError, hostPromoCode, MSG_PROMO_CODE_NOT_FOUND } from './promo-code-row.ts';

/**
 * The host's promo codes (docs/product.md#promo-codes): the owner and co-hosts list, add, change and delete them;
 * door staff and strangers get 404 (ADR 0011). Codes are never on the public page, so a change tells no cache.
 */
export type PromoCodeOptions = { db: Db; log: Logger; actor: Actor; eventId: string };

async function asHost<T>(o: PromoCodeOptions, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await o.db.transaction(async (tx) => {
      await requireEventAccess({ db: tx, actor: o.actor, id: o.eventId, need: 'manage' });
      return work(tx);
    });
  } catch (err) {
    throw codeChangeError(err) ?? err;
  }
}

const at = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

export function listPromoCodes(o: PromoCodeOptions): Promise<TPromoCode[]> {
  return asHost(o, async (tx) => {
    const rows = await tx.select().from(promo_codes).where(eq(promo_codes.event_id, o.eventId)).orderBy(asc(promo_codes.created_at));
    return rows.map(hostPromoCode);
  });
}

export async function addPromoCode(o: PromoCodeOptions & { input: z.output<typeof ZPromoCodeInput> }): Promise<TPromoCode> {
  const code = await asHost(o, async (tx) => {
    await checkCodeTypes(tx, o.eventId, o.input.type_ids);
    const [counted] = await tx.select({ n: count() }).from(promo_codes).where(eq(promo_codes.event_id, o.eventId));
    if ((counted?.n ?? 0) >= MAX_PROMO_CODES) throw new AppError('conflict', `An event has at most ${MAX_PROMO_CODES} promo codes.`);
    const [row] = await tx
      .insert(promo_codes)
      .values({ event_id: o.eventId, ...o.input, expires_at: at(o.input.expires_at) })
      .returning();
    if (!row) throw new Error('addPromoCode: the insert returned no row');
    return hostPromoCode(row);
  });
  o.log.info({ eventId: o.eventId, promoCodeId: code.id }, 'promo code added');
  return code;
}

/**
 * Changes a code. Orders already placed keep what they paid; a use limit below the orders holding the code is
 * refused (409) by the row's own check, under its lock.
 */
export function changePromoCode(o: PromoCodeOptions & { codeId: string; input: z.output<typeof ZPromoCodePatch> }): Promise<TPromoCode> {
  return asHost(o, async (tx) => {
    await checkCodeTypes(tx, o.eventId, o.input.type_ids);
    const [row] = await tx
      .update(promo_codes)
      .set({ ...o.input, expires_at: at(o.input.expires_at), updated_at: new Date() })
      .where(and(eq(promo_codes.id, o.codeId), eq(promo_codes.event_id, o.eventId)))
      .returning();
    if (!row) throw notFound(MSG_PROMO_CODE_NOT_FOUND);
    return hostPromoCode(row);
  });
}

/** Deletes a code: it stops applying at once; orders that used it keep its text and their discount. */
export async function deletePromoCode(o: PromoCodeOptions & { codeId: string }): Promise<void> {
  await asHost(o, async (tx) => {
    const gone = await tx
      .delete(promo_codes)
      .where(and(eq(promo_codes.id, o.codeId), eq(promo_codes.event_id, o.eventId)))
      .returning({ id: promo_codes.id });
    if (!gone.length) throw notFound(MSG_PROMO_CODE_NOT_FOUND);
  });
  o.log.info({ eventId: o.eventId, promoCodeId: o.codeId }, 'promo code deleted');
}
