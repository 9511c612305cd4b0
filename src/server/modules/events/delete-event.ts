import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { type Actor, eventAccess } from './event-access.ts';
import { deniedAccess } from './managed-event.ts';
import type { PublicEventCache } from './public/public-event-cache.ts';

/** `publicEvents`: the app's (deps.caches.publicEvents). */
export type DeleteEventOptions = { db: Db; log: Logger; publicEvents: PublicEventCache; actor: Actor; id: string };

/**
 * Why an event with payments is not deleted: its RSVPs hold the only record of what to refund, and
 * the event row holds the Stripe key that refunds it; an open checkout could still be paid.
 */
export function paymentsBlockDelete(paid: number, pending: number): AppError {
  const parts = [
    paid ? `${paid} paid ${paid === 1 ? 'guest' : 'guests'}` : '',
    pending ? `${pending} ${pending === 1 ? 'guest' : 'guests'} at the checkout` : '',
  ].filter(Boolean);
  return new AppError(
    'event_has_payments',
    `This event still has ${parts.join(' and ')}. Cancel or delete those RSVPs in the guest list first (each payment is refunded and each checkout ended), then delete the event.`,
  );
}

/**
 * Hard delete by the owner (docs/product.md#event-status): RSVPs, hosts and invitations go with it
 * (ON DELETE CASCADE). Refused while any RSVP is paid (not refunded) or at the checkout: deleting
 * would keep the guests' money with no way left to refund it. The event row is locked first, so no
 * new answer (whose insert needs a key-share lock on it) can start a checkout between the check and
 * the delete, and the count reads what was committed before the lock.
 */
export async function deleteEvent({ db, log, publicEvents, actor, id }: DeleteEventOptions): Promise<void> {
  if (!isUuid(id)) throw notFound(MSG.eventNotFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, id), eventAccess(actor, 'owner')))
      .for('update');
    if (!row) throw await deniedAccess({ db: tx, actor, id, need: 'owner', action: 'delete' });
    const [counts] = await tx
      .select({
        paid: sql<number>`count(*) FILTER (WHERE ${event_rsvps.payment_status} = 'paid')::int`,
        pending: sql<number>`count(*) FILTER (WHERE ${event_rsvps.payment_status} = 'pending')::int`,
      })
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, id), inArray(event_rsvps.payment_status, ['paid', 'pending'])));
    if (counts && (counts.paid || counts.pending)) throw paymentsBlockDelete(counts.paid, counts.pending);
    await tx.delete(events).where(eq(events.id, id));
  });
  publicEvents.invalidate(id);
  log.info({ eventId: id }, 'event deleted');
}
