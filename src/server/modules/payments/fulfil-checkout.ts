import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { TPaymentState } from '../../../common/schemas/payments.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { enqueueEmail } from '../../domain/enqueue.ts';
import { readRsvpWithEvent } from '../rsvps/load-rsvp-event.ts';
import { queueGuestEmail } from '../rsvps/queue-answer-email.ts';
import { seatTransaction } from '../rsvps/seat-transaction.ts';
import { answeredTicketColumns, type TicketConfig } from '../../domain/ticket-fields.ts';
import { ticketPagePath } from '../../domain/ticket-urls.ts';
import { orderSummarySql } from '../../domain/order-tickets.ts';
import { type PaymentsConfig, providerFor, readPaymentEvent } from './event-provider.ts';
import type { CheckoutView, PaymentProvider } from '../../integrations/payment-provider.ts';
import { buildRefundEmail } from './refund-email.ts';
import { releaseHold } from './release-hold.ts';
import { recordWholeRefund } from './record-refund.ts';

export type FulfilDeps = { db: Db; env: PaymentsConfig; config: TicketConfig; log: Logger };

/** The outbox keys of a checkout's e-mails: one of each per session, however often it is fulfilled. */
export const paidEmailKey = (sessionId: string) => `payment:${sessionId}:paid`;
export const lateRefundEmailKey = (sessionId: string) => `payment:${sessionId}:late-refund`;
/** Stripe's Idempotency-Key of an RSVP's refund: one refund per RSVP, whoever asks. */
export const refundKey = (rsvpId: string) => `refund:${rsvpId}`;

/**
 * The one fulfilment of a checkout session (docs/decisions/0015-payments.md), for the success page,
 * the webhooks and the sandbox page alike: re-reads the session from the provider (never trusts the
 * caller's copy) and moves the RSVP under its row lock. Idempotent: whatever arrives first, twice or out
 * of order, a paid session yields one paid RSVP, one ticket and one e-mail (outbox key per session).
 * Null when no RSVP has this session.
 */
export async function fulfilCheckout(d: FulfilDeps, sessionId: string): Promise<TPaymentState | null> {
  const owner = await checkoutOwner(d, sessionId);
  if (!owner) return null;
  const { rsvpId, provider } = owner;
  // No DB connection is held while the provider answers.
  const session = provider ? await provider.retrieveCheckout(sessionId) : null;
  if (provider && session && session.rsvp_id === rsvpId) {
    if (session.payment_status === 'paid') await markPaid(d, provider, rsvpId, session);
    else if (session.status !== 'open') await releaseHold(d.db, rsvpId, { onlyIfLapsed: false });
  }
  return verificationOf(d.db, d.config, rsvpId);
}

/** The RSVP whose current checkout `sessionId` is, and its event's provider (null without a secret key). */
export async function checkoutOwner(d: Pick<FulfilDeps, 'db' | 'env'>, sessionId: string) {
  const [row] = await d.db
    .select({ id: event_rsvps.id, event_id: event_rsvps.event_id })
    .from(event_rsvps)
    .where(eq(event_rsvps.checkout_session_id, sessionId))
    .limit(1);
  if (!row) return null;
  const event = await readPaymentEvent(d.db, row.event_id);
  return { rsvpId: row.id, eventId: row.event_id, provider: event && providerFor(d.db, d.env, event) };
}

async function markPaid(d: FulfilDeps, provider: PaymentProvider, rsvpId: string, session: CheckoutView) {
  try {
    await seatTransaction(d.db, async (tx) => {
      const [cur] = await tx
        .select({
          id: event_rsvps.id,
          event_id: event_rsvps.event_id,
          status: event_rsvps.status,
          guest_count: event_rsvps.guest_count,
          payment_status: event_rsvps.payment_status,
          revision: event_rsvps.revision,
          ticket_secret: event_rsvps.ticket_secret,
          qr_nonce: event_rsvps.qr_nonce,
          qr_version: event_rsvps.qr_version,
          ordered: orderSummarySql,
        })
        .from(event_rsvps)
        .where(eq(event_rsvps.id, rsvpId))
        .for('update');
      if (!cur || cur.payment_status === 'paid' || cur.payment_status === 'refunded') return null; // done before
      // Still holding its seats, or (hold lapsed, or the guest said no meanwhile) taking them again now.
      const holding = cur.payment_status === 'pending' && cur.status === 'confirmed';
      // An order of ticket types: its tickets are its QR codes (docs/decisions/0028-ticket-types.md); the order gets none.
      const { columns } = answeredTicketColumns(d.config, { prev: cur, confirmed: cur.ordered === null });
      const now = new Date();
      await tx
        .update(event_rsvps)
        .set({
          status: 'confirmed',
          payment_status: 'paid',
          payment_id: session.payment_intent,
          payment_hold_until: null,
          revision: cur.revision + 1,
          ...columns,
          confirmed_at: now,
          updated_at: now,
        })
        .where(eq(event_rsvps.id, rsvpId));
      await queueGuestEmail(tx, { config: d.config, rsvpId, key: paidEmailKey(session.id), ticketOnly: true, first: true });
      return { value: true, rsvpId, eventId: cur.event_id, delta: holding ? 0 : cur.guest_count };
    });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'capacity_exceeded')) throw err;
    await refundLatePayment(d, provider, rsvpId, session);
  }
}

/**
 * Paid after the hold lapsed, and the seats are gone: the payment is refunded (one refund per RSVP)
 * and the guest e-mailed why, once per session.
 */
async function refundLatePayment(d: FulfilDeps, provider: PaymentProvider, rsvpId: string, session: CheckoutView) {
  if (!session.payment_intent) throw new Error('refundLatePayment: paid session without a payment');
  await provider.refund({ paymentIntent: session.payment_intent, idempotencyKey: refundKey(rsvpId) });
  await d.db.transaction(async (tx) => {
    const [r] = await tx
      .update(event_rsvps)
      .set({
        payment_status: 'refunded',
        payment_id: session.payment_intent,
        payment_hold_until: null,
        refunded_amount: sql`coalesce(${event_rsvps.payment_amount}, 0)`,
        updated_at: new Date(),
      })
      .where(and(eq(event_rsvps.id, rsvpId), notInArray(event_rsvps.payment_status, ['paid', 'refunded'])))
      .returning({
        id: event_rsvps.id,
        event_id: event_rsvps.event_id,
        amount: event_rsvps.payment_amount,
        currency: event_rsvps.payment_currency,
      });
    if (!r) return;
    await recordWholeRefund(tx, { rsvpId, eventId: r.event_id, amount: r.amount ?? 0, currency: r.currency, reason: 'seats_gone' });
    await queueRefundEmail(tx, d.config.baseUrl, rsvpId, lateRefundEmailKey(session.id), 'seats_gone');
  });
  d.log.warn({ rsvpId }, 'payment: paid after its hold lapsed with no seats left; refunded');
}

/** Queues the guest's refund e-mail in the caller's transaction under `key`; `amount`: what was refunded (default: the payment). */
export async function queueRefundEmail(
  tx: DbOrTx,
  baseUrl: string,
  rsvpId: string,
  key: string,
  reason: 'seats_gone' | 'cancelled',
  amount?: number,
): Promise<boolean> {
  const r = await readRsvpWithEvent(tx, rsvpId, {
    name: event_rsvps.name,
    email: event_rsvps.email,
    amount: event_rsvps.payment_amount,
    currency: event_rsvps.payment_currency,
  });
  if (!r?.email) return false;
  const payload = buildRefundEmail({
    baseUrl,
    to: r.email,
    name: r.name,
    event: r.event,
    amount: amount ?? r.amount,
    currency: r.currency,
    reason,
  });
  return enqueueEmail(tx, key, payload);
}

/** What the success page is told about an RSVP's payment (docs/product.md#payment-status). */
export async function verificationOf(db: DbOrTx, _config: TicketConfig, rsvpId: string): Promise<TPaymentState | null> {
  const [r] = await db
    .select({
      payment_status: event_rsvps.payment_status,
      status: event_rsvps.status,
      ticket_secret: event_rsvps.ticket_secret,
      token: event_rsvps.qr_code_data,
      slug: sql<string>`(select ${events.slug} from ${events} where ${events.id} = ${event_rsvps.event_id})`,
    })
    .from(event_rsvps)
    .where(eq(event_rsvps.id, rsvpId))
    .limit(1);
  if (!r) return null;
  const paid = r.payment_status === 'paid' && r.status === 'confirmed';
  return {
    payment_status: paid ? 'paid' : r.payment_status === 'pending' ? 'pending' : 'failed',
    ticket_url: paid ? ticketPagePath(r.ticket_secret) : null,
    qr_code_data: paid ? r.token : null,
    refunded: r.payment_status === 'refunded',
    event_slug: r.slug,
  };
}
