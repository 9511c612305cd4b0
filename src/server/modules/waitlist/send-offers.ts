import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { sms_messages, sms_opt_outs } from '../../db/schema/sms.ts';
import { enqueueEmail, enqueueSms } from '../../domain/enqueue.ts';
import { eventEndsAt } from '../../domain/event-ends.ts';
import type { Deps } from '../../http/context.ts';
import { startPeriodic } from '../../periodic.ts';
import { readRsvpWithEvent } from '../rsvps/load-rsvp-event.ts';
import { releaseLapsedOffer } from './expire-offer.ts';
import { offerEmail, offerSms } from './offer-email.ts';

/** How often a process passes lapsed offers on and announces new ones. */
export const WAITLIST_POLL_MS = 5_000;
const BATCH = 100;

/** The outbox keys of an offer's messages: one per party and offer (offers_made), whoever sends them. */
export const offerEmailKey = (rsvpId: string, offer: number) => `waitlist-offer:${rsvpId}:${offer}`;
export const offerSmsKey = (rsvpId: string, offer: number) => `waitlist-offer-sms:${rsvpId}:${offer}`;

/**
 * Queues the e-mail (and SMS, to a phone that did not opt out) of each offer not announced yet
 * (docs/product.md#waitlist), exactly once: per party in one transaction that row-locks it (SKIP LOCKED: another
 * process announces it), queues both under the offer's keys and marks the offer announced. Returns how many.
 */
export async function announceOffers(deps: { db: Db; baseUrl: string }): Promise<number> {
  let sent = 0;
  // Batch after batch until none is left: a burst of cancels is announced in one run, not 100 per period.
  for (;;) {
    const due = await deps.db
      .select({ id: event_rsvps.id })
      .from(event_rsvps)
      .where(and(eq(event_rsvps.status, 'offered'), lt(event_rsvps.offers_sent, event_rsvps.offers_made), offerableEvent))
      .limit(BATCH);
    let now = 0;
    for (const { id } of due) if (await announceOne(deps, id)) now++;
    sent += now;
    // A short batch, or one another process announced meanwhile (all skipped): done for this run.
    if (due.length < BATCH || now === 0) return sent;
  }
}

/**
 * The RSVP's event can still be claimed (active and not over, domain/event-ends.ts, as migration 0027's trigger
 * reads it): an offer of an event switched off or over is never announced, its link could not be used.
 */
const offerableEvent = sql`exists (select 1 from ${events} where ${events.id} = ${event_rsvps.event_id} and ${events.is_active}
  and ${eventEndsAt} > now())`;

async function announceOne(deps: { db: Db; baseUrl: string }, rsvpId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: event_rsvps.id })
      .from(event_rsvps)
      .where(
        and(
          eq(event_rsvps.id, rsvpId),
          eq(event_rsvps.status, 'offered'),
          lt(event_rsvps.offers_sent, event_rsvps.offers_made),
          offerableEvent,
        ),
      )
      .for('update', { skipLocked: true });
    if (!locked) return false;
    const r = await readRsvpWithEvent(tx, rsvpId, {
      name: event_rsvps.name,
      email: event_rsvps.email,
      phone: event_rsvps.phone,
      guest_count: event_rsvps.guest_count,
      offer_until: event_rsvps.offer_until,
      offers_made: event_rsvps.offers_made,
      manage_secret: event_rsvps.manage_secret,
    });
    if (!r?.offer_until) return false;
    const input = {
      baseUrl: deps.baseUrl,
      event: r.event,
      to: r.email ?? '',
      name: r.name,
      guests: r.guest_count,
      offerUntil: r.offer_until,
      manageSecret: r.manage_secret,
    };
    if (r.email) await enqueueEmail(tx, offerEmailKey(rsvpId, r.offers_made), offerEmail(input));
    if (r.phone) {
      const [stopped] = await tx.select({ phone: sms_opt_outs.phone }).from(sms_opt_outs).where(eq(sms_opt_outs.phone, r.phone));
      if (stopped) await tx.insert(sms_messages).values({ event_id: r.event.id, rsvp_id: rsvpId, to: r.phone, skipped: 'opted-out' });
      else if (await enqueueSms(tx, offerSmsKey(rsvpId, r.offers_made), { to: r.phone, body: offerSms(input) })) {
        const [row] = await tx
          .execute<{ id: string }>(sql`select id from outbox where idempotency_key = ${offerSmsKey(rsvpId, r.offers_made)}`)
          .then((x) => x.rows);
        await tx.insert(sms_messages).values({ event_id: r.event.id, rsvp_id: rsvpId, to: r.phone, outbox_id: row?.id ?? null });
      }
    }
    await tx.update(event_rsvps).set({ offers_sent: r.offers_made }).where(eq(event_rsvps.id, rsvpId));
    return true;
  });
}

/** Offers whose time ran out by `now`, oldest first (the sweep's batch). */
async function lapsedOffers(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: event_rsvps.id })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.status, 'offered'), lte(event_rsvps.offer_until, now)))
    .orderBy(event_rsvps.offer_until)
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/**
 * One turn of the waitlist loop (docs/product.md#waitlist): lapsed offers are released (their seats go to the next
 * party in the same transaction) and every new offer is announced. Exactly once whichever process runs it.
 */
export async function runWaitlist(deps: { db: Db; baseUrl: string }, now = new Date()): Promise<{ lapsed: number; announced: number }> {
  let lapsed = 0;
  for (const id of await lapsedOffers(deps.db, now)) if (await releaseLapsedOffer(deps.db, id, now)) lapsed++;
  return { lapsed, announced: await announceOffers(deps) };
}

/** Runs runWaitlist every WAITLIST_POLL_MS until stop(). */
export function startWaitlistWorker(deps: Pick<Deps, 'db' | 'env' | 'log'>, everyMs = WAITLIST_POLL_MS) {
  const log = deps.log.child({ module: 'waitlist' });
  return startPeriodic({
    log,
    everyMs,
    failed: 'waitlist run failed; retrying on the next one',
    run: async () => {
      const r = await runWaitlist({ db: deps.db, baseUrl: deps.env.PUBLIC_BASE_URL });
      if (r.lapsed || r.announced) log.info(r, 'waitlist offers');
    },
  });
}
