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
import { changeForm, type FormChangeOptions } from '../questions/form-change.ts';

/** The event's tax and booking fee for its owner or a co-host (docs/product.md#taxes-and-fees). */
export async function readEventCharges(o: { db: Db; actor: Actor; eventId: string }): Promise<Charges> {
  await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  const [row] = await o.db.select(eventChargesColumns).from(events).where(eq(events.id, o.eventId)).limit(1);
  if (!row) throw notFound(MSG.eventNotFound);
  return chargesOf(row);
}

/**
 * Sets them. Orders already placed keep what they were charged; the page and new orders show the new figures at
 * once (a change of the event row: its page and order form are told, as for a ticket type).
 */
export async function setEventCharges(o: FormChangeOptions & { input: TEventCharges }): Promise<Charges> {
  const charges = await changeForm(o, async (tx) => {
    const [row] = await tx
      .update(events)
      .set({ ...o.input, updated_at: new Date() })
      .where(eq(events.id, o.eventId))
      .returning(eventChargesColumns);
    if (!row) throw notFound(MSG.eventNotFound);
    return chargesOf(row);
  });
  o.log.info({ eventId: o.eventId }, 'event charges set');
  return charges;
}
