import { eq } from 'drizzle-orm';
import { CHECKOUT_REOPENS_MAX } from '../../../common/constants.ts';
import { MSG } from '../../../common/messages.ts';
import { PAYMENT_MSG } from '../../../common/payment-texts.ts';
import type { Db } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import { assertCanPay, assertNotEnded } from '../rsvps/attend-rules.ts';
import { eventIdOfManageSecret } from '../rsvps/change-rsvp.ts';
import { loadRsvpEvent, type RsvpEventCache } from '../rsvps/load-rsvp-event.ts';
import { seatTransaction } from '../rsvps/seat-transaction.ts';
import { seatsHeld } from '../rsvps/seats.ts';
import { assertClaimable, isWaitlistEntry } from '../rsvps/offer-rules.ts';
import { providerFor } from './event-provider.ts';
import { type FulfilDeps, fulfilCheckout } from './fulfil-checkout.ts';
import { type HoldKeys, holdCheck, holdKeys } from '../../domain/hold-limits.ts';
import { lockPayment, releaseHold } from './release-hold.ts';
import { type CheckoutDeps, checkoutTerms, openSession } from './start-checkout.ts';
import { storedOrderCheckout } from './stored-order.ts';

export type ResumeDeps = FulfilDeps & CheckoutDeps & { eventCache: RsvpEventCache };

/** Answers that Pay now may (re)open a checkout for: never paid, or pending, or their hold released. */
const PAYABLE = new Set<string | null>([null, 'pending', 'expired']);

/**
 * The manage page's Pay now (docs/product.md#manage-page, docs/decisions/0015-payments.md): the checkout
 * URL of an answer on a paid event that is not paid yet. An open checkout whose hold still runs is
 * reused. Otherwise the old checkout is first ended for good at the provider (so that nothing paid
 * there can be lost: one paid meanwhile is fulfilled instead, 409 "already paid"), the seats are held
 * again (409 with the reason when they are gone) and a new checkout is opened (idempotency key per
 * hold). Like the form's first 'yes', the provider is called with no lock and no connection held.
 */
export async function resumeCheckout(d: ResumeDeps, manageSecret: string, clientIp: string): Promise<string> {
  const eventId = await eventIdOfManageSecret(d.db, manageSecret);
  const event = await loadRsvpEvent({ db: d.db, cache: d.eventCache, eventId });
  assertNotEnded(event);
  if (!event.is_paid_event) throw new AppError('conflict', PAYMENT_MSG.nothingToPay);
  assertCanPay(event);
  const cur = await readAnswer(d, manageSecret);
  // An order of ticket types pays what it stored, not the event's one price (docs/decisions/0033-promo-codes-and-charges.md).
  const order = await storedOrderCheckout(d.db, cur.id);
  const terms = await checkoutTerms(d, eventId, order ?? undefined);
  const provider = providerFor(d.db, d.env, terms.event);
  if (!provider) throw new AppError('payment_not_available', MSG.paymentNotAvailableText);

  if (cur.payment_status === 'paid') throw new AppError('conflict', PAYMENT_MSG.alreadyPaid);
  if (!PAYABLE.has(cur.payment_status)) throw new AppError('conflict', PAYMENT_MSG.nothingToPay);

  if (cur.session) {
    const holding = cur.payment_status === 'pending' && (!cur.hold || cur.hold.getTime() > Date.now());
    if (holding) {
      const open = await provider.retrieveCheckout(cur.session).catch(() => null);
      if (open?.status === 'open' && open.url) return open.url;
    }
    // Ended for good before anything replaces it: a failure here changes nothing.
    try {
      await provider.expireCheckout(cur.session);
    } catch (err) {
      d.log.warn({ err: { message: (err as Error).message }, rsvpId: cur.id }, 'payment: Pay now could not end the old checkout');
      throw new AppError('payment_failed', PAYMENT_MSG.checkoutFailed);
    }
    const after = await fulfilCheckout(d, cur.session);
    if (after?.payment_status === 'paid') throw new AppError('conflict', PAYMENT_MSG.alreadyPaid);
  }

  const keys = holdKeys(d.env.ENCRYPTION_KEY, clientIp, cur.email);
  const { revision, offerUntil } = await holdAgain(d, cur.id, { ...terms.payment, order: order !== null }, keys);
  return openSession(d, {
    event: terms.event,
    rsvpId: cur.id,
    guestCount: cur.guest_count,
    ...(order ? { lines: order.lines, ...(order.discount ? { discount: order.discount } : {}) } : {}),
    email: cur.email,
    payment: terms.payment,
    idempotencyKey: `checkout:${cur.id}:${revision}`,
    // A claimed waitlist offer whose checkout could not open goes back to being the party's offer, not to the next party.
    undo: () => (offerUntil ? restoreOffer(d.db, cur.id, offerUntil) : releaseHold(d.db, cur.id, { onlyIfLapsed: false })),
  });
}

/**
 * Undoes holdAgain's claim of a waitlist offer (docs/product.md#waitlist) while its checkout is still unopened: the
 * answer is 'offered' again until the offer's own deadline, its seats still held (they never left the counter).
 */
async function restoreOffer(db: Db, rsvpId: string, offerUntil: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockPayment(tx, rsvpId);
    if (r?.payment_status !== 'pending' || r.session || r.status !== 'confirmed') return;
    await tx
      .update(event_rsvps)
      .set({
        status: 'offered',
        offer_until: offerUntil,
        payment_status: null,
        payment_amount: null,
        payment_currency: null,
        payment_hold_until: null,
        hold_client: null,
        hold_email: null,
        revision: r.revision + 1,
        updated_at: new Date(),
      })
      .where(eq(event_rsvps.id, rsvpId));
  });
}

async function readAnswer(d: Pick<ResumeDeps, 'db'>, manageSecret: string) {
  const [r] = await d.db
    .select({
      id: event_rsvps.id,
      email: event_rsvps.email,
      guest_count: event_rsvps.guest_count,
      payment_status: event_rsvps.payment_status,
      hold: event_rsvps.payment_hold_until,
      session: event_rsvps.checkout_session_id,
    })
    .from(event_rsvps)
    .where(eq(event_rsvps.manage_secret, manageSecret))
    .limit(1);
  if (!r?.email) throw notFound(MSG.manageLinkInvalid);
  return { ...r, email: r.email };
}

/**
 * Holds the answer's seats again, under its row lock, as a first paid 'yes' does: 'confirmed', payment
 * 'pending' with a new hold and the amount at today's price (an order of ticket types keeps its stored amount), no
 * checkout yet. A concurrent Pay now that
 * is still opening its checkout (pending, no session, hold running) is a 409 "try again in a moment".
 * An answer whose seats were held before counts one more re-open; past CHECKOUT_REOPENS_MAX it is a
 * 429 hold_limit, and the hold is bounded like a first one (hold-limits.ts; docs/product.md#payments).
 * Returns the answer's new revision (the new checkout's idempotency key) and, when it claimed a waitlist offer,
 * that offer's deadline (restoreOffer puts it back if the checkout cannot open).
 */
async function holdAgain(
  d: Pick<ResumeDeps, 'db'>,
  rsvpId: string,
  payment: { unitAmount: number; currency: string; holdUntil: Date; order: boolean },
  keys: HoldKeys,
): Promise<{ revision: number; offerUntil: Date | null }> {
  try {
    const held = await seatTransaction(d.db, async (tx) => {
      const r = await lockPayment(tx, rsvpId);
      if (!r) throw notFound(MSG.manageLinkInvalid);
      if (r.payment_status === 'paid') throw new AppError('conflict', PAYMENT_MSG.alreadyPaid);
      if (!PAYABLE.has(r.payment_status)) throw new AppError('conflict', PAYMENT_MSG.nothingToPay);
      // A place on the waitlist pays only for seats offered to it, while the offer runs (docs/product.md#waitlist).
      if (isWaitlistEntry(r.status)) assertClaimable(r);
      if (r.payment_status === 'pending' && (r.session || (r.hold && r.hold.getTime() > Date.now()))) {
        throw new AppError('conflict', PAYMENT_MSG.checkoutOpening);
      }
      // A hold before this one (pending, or released as 'expired'): this is a re-open.
      const reopens = r.payment_status === null ? r.reopens : r.reopens + 1;
      if (reopens > CHECKOUT_REOPENS_MAX) throw new AppError('hold_limit', PAYMENT_MSG.reopensUsed);
      const revision = r.revision + 1;
      await tx
        .update(event_rsvps)
        .set({
          status: 'confirmed',
          type: 'ticket',
          payment_status: 'pending',
          // An order keeps its stored total (its tickets' paid amounts); one price is today's price × the party.
          ...(payment.order ? {} : { payment_amount: payment.unitAmount * r.guest_count }),
          payment_currency: payment.currency,
          payment_hold_until: payment.holdUntil,
          checkout_session_id: null,
          confirmed_at: null,
          hold_client: keys.client,
          hold_email: keys.email,
          checkout_reopens: reopens,
          offer_until: null,
          revision,
          updated_at: new Date(),
        })
        .where(eq(event_rsvps.id, rsvpId));
      // Seats already held (a 'yes', or a waitlist offer) are not taken twice.
      const delta = r.guest_count - seatsHeld(r);
      const offerUntil = r.status === 'offered' ? r.offer_until : null;
      return { value: { revision, offerUntil }, rsvpId, eventId: r.event_id, delta, check: holdCheck(r.event_id, keys) };
    });
    if (held === null) throw new Error('holdAgain: no revision');
    return held;
  } catch (err) {
    if (err instanceof AppError && err.code === 'capacity_exceeded') {
      throw new AppError('capacity_exceeded', `${PAYMENT_MSG.seatsGone} ${err.message}`, err.fields);
    }
    throw err;
  }
}
