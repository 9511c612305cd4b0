import { eq } from 'drizzle-orm';
import { absoluteUrl, checkoutCancelledHref, eventHref } from '../../../common/hrefs.ts';
import { MSG } from '../../../common/messages.ts';
import { PAYMENT_MSG } from '../../../common/payment-texts.ts';
import type { Db } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { PendingPayment } from '../rsvps/create-rsvp.ts';
import type { CreatedRsvp } from '../rsvps/create-rsvp.ts';
import type { RsvpAnswer } from '../rsvps/rsvp-answer.ts';
import { type PaymentEvent, type PaymentsConfig, providerFor, providerKind, readPaymentEvent } from './event-provider.ts';
import { type CheckoutDiscount, type CheckoutLine, minorUnits, STRIPE_MIN_SESSION_MS } from '../../integrations/payment-provider.ts';
import type { PreparedOrder } from '../rsvps/order-lines.ts';
import { dropUnopenedCheckout } from './release-hold.ts';
import { formatMoney } from './money.ts';
import { minCharge } from '../../../common/pricing.ts';

export type CheckoutDeps = { db: Db; env: PaymentsConfig & { PAYMENT_HOLD_MINUTES: number }; log: Logger };

/** A paid event's price and provider, checked before any RSVP is written: else 'Payment Not Available'. */
export async function checkoutTerms(
  d: CheckoutDeps,
  eventId: string,
  order?: { total: number; promo?: { code: string } | null },
): Promise<{ event: PaymentEvent; payment: PendingPayment }> {
  const event = await readPaymentEvent(d.db, eventId);
  // An order of ticket types is priced by its types (docs/decisions/0028-ticket-types.md), not the event's one price.
  if (!event || (event.ticket_price === null && !order) || !event.secret_key_enc)
    throw new AppError('payment_not_available', MSG.paymentNotAvailableText);
  if (order) assertChargeable(order, event.currency);
  return {
    event,
    payment: {
      unitAmount: order ? order.total : minorUnits(event.ticket_price!),
      currency: event.currency,
      holdUntil: new Date(Date.now() + d.env.PAYMENT_HOLD_MINUTES * 60_000),
    },
  };
}

/**
 * A paid order below the card minimum (pricing.ts minCharge: Stripe's €0.50 / $0.50 / £0.30) cannot be charged
 * (docs/product.md#promo-codes): a 400 before anything is written, on `promo_code` naming the code when it has one.
 */
function assertChargeable(order: { total: number; promo?: { code: string } | null }, currency: string): void {
  const least = minCharge(currency);
  if (order.total <= 0 || order.total >= least) return;
  const total = formatMoney(order.total, currency);
  const floor = formatMoney(least, currency);
  const message = order.promo
    ? `With the code ${order.promo.code} this order comes to ${total}, less than the ${floor} a card payment must be. Remove the code or add tickets.`
    : `This order comes to ${total}, less than the ${floor} a card payment must be. Add tickets.`;
  throw new AppError('validation_failed', message, order.promo ? { promo_code: message } : { tickets: message });
}

/**
 * Opens the checkout of a just-created pending paid answer (docs/decisions/0015-payments.md). Called
 * after its transaction committed: no row lock and no DB connection is held while the provider answers.
 * When the checkout cannot be opened the answer is dropped and its seats freed.
 */
export async function openCheckout(
  d: CheckoutDeps,
  o: { event: PaymentEvent; payment: PendingPayment; answer: RsvpAnswer; created: CreatedRsvp; order?: PreparedOrder },
): Promise<CreatedRsvp> {
  const rsvp = o.created.result.rsvp;
  if (!rsvp) throw new Error('openCheckout: no RSVP');
  const url = await openSession(d, {
    event: o.event,
    rsvpId: rsvp.id,
    guestCount: rsvp.guest_count,
    lines: o.order?.checkoutLines,
    discount: o.order?.discount ?? undefined,
    email: o.answer.email,
    payment: o.payment,
    idempotencyKey: `checkout:${rsvp.id}`,
    undo: () => dropUnopenedCheckout(d.db, rsvp.id),
  });
  return {
    manageSecret: o.created.manageSecret,
    result: { ...o.created.result, ticket_url: null, checkout_url: url, email_queued: false },
  };
}

/**
 * A provider checkout for a pending paid answer that holds its seats (a first 'yes', or the manage
 * page's Pay now): one line item, the guest's e-mail, metadata naming the RSVP, `idempotencyKey`, the
 * success URL and the cancel URL (checkoutCancelledHref), expiring with the hold, but never before
 * Stripe's 30-minute minimum (the sweep then expires it explicitly). The session id is stored on the
 * RSVP. On failure `undo` gives the seats back and the guest gets a 502. Returns the checkout's URL.
 */
export async function openSession(
  d: CheckoutDeps,
  o: {
    event: PaymentEvent;
    rsvpId: string;
    guestCount: number;
    /** An order of ticket types: a line item per priced type, the booking fee and an exclusive tax. */
    lines?: CheckoutLine[];
    /** Its promo code's discount (docs/decisions/0033-promo-codes-and-charges.md). */
    discount?: CheckoutDiscount;
    email: string;
    payment: PendingPayment;
    idempotencyKey: string;
    undo: () => Promise<unknown>;
  },
): Promise<string> {
  const provider = providerFor(d.db, d.env, o.event);
  if (!provider) {
    await o.undo();
    throw new AppError('payment_not_available', MSG.paymentNotAvailableText);
  }
  const base = d.env.PUBLIC_BASE_URL;
  const floor = providerKind(d.env) === 'stripe' ? Date.now() + STRIPE_MIN_SESSION_MS + 60_000 : 0;
  let url: string | null;
  let sessionId: string;
  try {
    const session = await provider.createCheckout({
      idempotencyKey: o.idempotencyKey,
      title: o.event.title,
      unitAmount: o.payment.unitAmount,
      quantity: o.guestCount,
      ...(o.lines ? { lines: o.lines } : {}),
      ...(o.discount ? { discount: o.discount } : {}),
      currency: o.payment.currency,
      email: o.email,
      rsvpId: o.rsvpId,
      eventId: o.event.id,
      successUrl: `${absoluteUrl(base, eventHref(o.event))}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: absoluteUrl(base, checkoutCancelledHref(o.event.id)),
      expiresAt: new Date(Math.max(o.payment.holdUntil.getTime(), floor)),
    });
    url = session.url;
    sessionId = session.id;
  } catch (err) {
    d.log.warn({ err: errorSummary(err), eventId: o.event.id }, 'payment: checkout session not created');
    await o.undo();
    throw new AppError('payment_failed', PAYMENT_MSG.checkoutFailed);
  }
  if (!url) {
    await provider.expireCheckout(sessionId).catch(() => {});
    await o.undo();
    throw new AppError('payment_failed', PAYMENT_MSG.noCheckoutUrl);
  }
  const [kept] = await d.db
    .update(event_rsvps)
    .set({ checkout_session_id: sessionId })
    .where(eq(event_rsvps.id, o.rsvpId))
    .returning({ id: event_rsvps.id });
  if (!kept) {
    // The answer went while the session was being made (staff deleted it, or its event): nothing may
    // be paid on a session no RSVP names, so it is ended before anyone sees its URL.
    await provider.expireCheckout(sessionId).catch(() => {});
    throw new AppError('payment_failed', PAYMENT_MSG.checkoutFailed);
  }
  return url;
}

/** A provider error's type and code, never its request (which names the guest). */
const errorSummary = (err: unknown) => {
  const e = err as { type?: string; code?: string; statusCode?: number; message?: string };
  return { type: e.type, code: e.code, statusCode: e.statusCode };
};
