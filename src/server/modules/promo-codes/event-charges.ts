import { eq } from 'drizzle-orm';
import type { Charges } from '../../../common/pricing.ts';
import type { TEventCharges } from '../../../common/schemas/promo-codes.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import type { Actor } from '../../domain/event-access.ts';
import { chargesOf, eventChargesColumns } from '../../domain/event-charges.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { notFound } from '../../errors.ts';
import { MSG } from '../../../common/messages.ts';
import type { FormChangeOptions } from '../questions/form-change.ts';

/** The event's tax and booking fee for its owner or a co-host (docs/product.md#taxes-and-fees). */
export async function readEventCharges(o: { db: Db; actor: Actor; eventId: string }): Promise<Charges> {
  await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  const [row] = await o.db.select(eventChargesColumns).from(events).where(eq(events.id, o.eventId)).limit(1);
  if (!row) throw notFound(MSG.eventNotFound);
  return chargesOf(row);
}

/**
 * Sets them. Orders already placed keep what they were charged; the page and new orders show the new figures at
 * once: an UPDATE of the event row, whose change trigger tells every process (migration 0035's column list), and
 * this process's cached page goes after the commit. No share lock first: two hosts saving at once queue on the
 * row's own update lock instead of deadlocking on an upgrade.
 */
export async function setEventCharges(o: FormChangeOptions & { input: TEventCharges }): Promise<Charges> {
  const charges = await o.db.transaction(async (tx) => {
    await requireEventAccess({ db: tx, actor: o.actor, id: o.eventId, need: 'manage' });
    const [row] = await tx
      .update(events)
      .set({ ...o.input, updated_at: new Date() })
      .where(eq(events.id, o.eventId))
      .returning(eventChargesColumns);
    if (!row) throw notFound(MSG.eventNotFound);
    return chargesOf(row);
  });
  o.publicEvents.invalidate(o.eventId);
  o.log.info({ eventId: o.eventId }, 'event charges set');
  return charges;
}
