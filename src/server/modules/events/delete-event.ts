import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';
import { announceTeamChange } from '../../domain/checkin-hub.ts';
import { deniedAccess } from '../../domain/managed-event.ts';
import { dropQueuedReminders } from '../../domain/reminder-schedule.ts';
import { isDeadlock } from '../../db/pg-errors.ts';
import { closeEventCheckouts } from '../payments/close-event-checkouts.ts';
import type { FulfilDeps } from '../payments/fulfil-checkout.ts';
import type { PublicEventCache } from './public/public-event-cache.ts';

/** `publicEvents`: the app's (deps.caches.publicEvents). */
export type DeleteEventOptions = {
  db: Db;
  log: Logger;
  publicEvents: PublicEventCache;
  /** What ending the event's open checkouts needs (payments.routes.ts fulfilDeps). */
  payments: FulfilDeps;
  actor: Actor;
  id: string;
};

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

/** How many answers of the event are paid (not refunded) and how many are at the checkout. */
async function paymentCounts(db: DbOrTx, eventId: string): Promise<{ paid: number; pending: number }> {
  const [counts] = await db
    .select({
      paid: sql<number>`count(*) FILTER (WHERE ${event_rsvps.payment_status} = 'paid')::int`,
      pending: sql<number>`count(*) FILTER (WHERE ${event_rsvps.payment_status} = 'pending')::int`,
    })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.event_id, eventId), inArray(event_rsvps.payment_status, ['paid', 'pending'])));
  return counts ?? { paid: 0, pending: 0 };
}

/**
 * Hard delete by the owner (docs/product.md#event-status), refused while any RSVP is paid: its money
 * could no longer be refunded. Payable checkouts are ended first; then the RSVP rows are locked before
 * the event row, the order every seat change takes, so no answer opens a checkout after the count
 * (ADR 0015 item 12). A deadlock with a change that began in between is retried.
 */
export async function deleteEvent({ db, log, publicEvents, payments, actor, id }: DeleteEventOptions): Promise<void> {
  if (!isUuid(id)) throw notFound(MSG.eventNotFound);
  const [owned] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), eventAccess(actor, 'owner')));
  if (!owned) throw await deniedAccess({ db, actor, id, need: 'owner', action: 'delete' });
  // A paid guest refuses the delete before anything is touched: no checkout is ended for nothing.
  const before = await paymentCounts(db, id);
  if (before.paid) throw paymentsBlockDelete(before.paid, before.pending);
  await closeEventCheckouts(payments, id);
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        // Locked, not fetched: a big event's ids need not travel.
        await tx.execute(sql`SELECT count(*) FROM (SELECT 1 FROM ${event_rsvps} WHERE ${event_rsvps.event_id} = ${id} FOR UPDATE) locked`);
        const [row] = await tx
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.id, id), eventAccess(actor, 'owner')))
          .for('update');
        if (!row) throw notFound(MSG.eventNotFound); // deleted meanwhile
        const counts = await paymentCounts(tx, id);
        if (counts.paid || counts.pending) throw paymentsBlockDelete(counts.paid, counts.pending);
        await tx.delete(events).where(eq(events.id, id));
        await dropQueuedReminders(tx, id); // the outbox keeps no event id: its reminders would still go
        await announceTeamChange(tx, id); // on commit, the event's live check-in streams end
      });
      break;
    } catch (err) {
      if (attempt < 3 && isDeadlock(err)) continue;
      throw err;
    }
  }
  publicEvents.invalidate(id);
  log.info({ eventId: id }, 'event deleted');
}
