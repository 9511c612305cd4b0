import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { seatTransaction } from '../rsvps/seat-transaction.ts';

/** A paid answer's seats and payment, row-locked until the transaction ends (undefined: no such RSVP). */
export async function lockPayment(tx: DbOrTx, rsvpId: string) {
  const [row] = await tx
    .select({
      event_id: event_rsvps.event_id,
      status: event_rsvps.status,
      guest_count: event_rsvps.guest_count,
      payment_status: event_rsvps.payment_status,
      hold: event_rsvps.payment_hold_until,
      session: event_rsvps.checkout_session_id,
      revision: event_rsvps.revision,
      reopens: event_rsvps.checkout_reopens,
      offer_until: event_rsvps.offer_until,
    })
    .from(event_rsvps)
    .where(eq(event_rsvps.id, rsvpId))
    .for('update');
  return row;
}

/**
 * Ends the seat hold of a pending paid answer (docs/decisions/0015-payments.md), exactly once: under
 * the RSVP's row lock, only while its payment is still 'pending' (and with `onlyIfLapsed`, only once
 * its hold has run out). It becomes payment_status 'expired' and, if it held seats, 'declined' with
 * its seats given back in the same transaction. Returns its checkout session id when it released it.
 */
export async function releaseHold(db: Db, rsvpId: string, opts: { onlyIfLapsed: boolean }): Promise<{ sessionId: string | null } | null> {
  return seatTransaction(db, async (tx) => {
    const cur = await lockPayment(tx, rsvpId);
    if (cur?.payment_status !== 'pending') return null;
    if (opts.onlyIfLapsed && cur.hold && cur.hold.getTime() > Date.now()) return null;
    const held = cur.status === 'confirmed';
    await tx
      .update(event_rsvps)
      .set({
        payment_status: 'expired',
        status: held ? 'declined' : cur.status,
        confirmed_at: null,
        payment_hold_until: null,
        revision: sql`${event_rsvps.revision} + 1`,
        updated_at: new Date(),
      })
      .where(eq(event_rsvps.id, rsvpId));
    return { value: { sessionId: cur.session }, rsvpId, eventId: cur.event_id, delta: held ? -cur.guest_count : 0 };
  });
}

/** A paid 'yes' whose checkout never opened: the RSVP goes, as if never sent, and its seats with it. */
export async function dropUnopenedCheckout(db: Db, rsvpId: string): Promise<void> {
  await seatTransaction(db, async (tx) => {
    const [gone] = await tx
      .delete(event_rsvps)
      .where(and(eq(event_rsvps.id, rsvpId), eq(event_rsvps.payment_status, 'pending')))
      .returning({ event_id: event_rsvps.event_id, status: event_rsvps.status, guest_count: event_rsvps.guest_count });
    if (!gone) return null;
    return { value: true, rsvpId, eventId: gone.event_id, delta: gone.status === 'confirmed' ? -gone.guest_count : 0 };
  });
}

/** Pending paid answers whose hold has run out, oldest first (the sweep's batch). */
export async function lapsedHolds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: event_rsvps.id })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.payment_status, 'pending'), lte(event_rsvps.payment_hold_until, new Date())))
    .orderBy(event_rsvps.payment_hold_until)
    .limit(limit);
  return rows.map((r) => r.id);
}
