import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payment_sandbox_refunds, payment_sandbox_sessions } from '../../db/schema/payments.ts';
import { type CheckoutView, type PaymentProvider, RefundRefused } from '../../integrations/payment-provider.ts';

export const SANDBOX_CHECKOUT_PATH = '/sandbox-checkout';
export const isSandboxSessionId = (id: string) => /^cs_sandbox_[A-Za-z0-9]{10,64}$/.test(id);

type Row = typeof payment_sandbox_sessions.$inferSelect;

/** A session's total, as charged: its lines' (or one line of `quantity` × `unit_amount`) less its promo code's discount. */
const sandboxTotal = sql<number>`((CASE WHEN ${payment_sandbox_sessions.line_items} IS NULL
  THEN ${payment_sandbox_sessions.unit_amount} * ${payment_sandbox_sessions.quantity}
  ELSE (SELECT coalesce(sum((l->>'unit_amount')::int * (l->>'quantity')::int), 0) FROM jsonb_array_elements(${payment_sandbox_sessions.line_items}) l) END)
  - coalesce((${payment_sandbox_sessions.discount}->>'amount')::int, 0))::int`;

function view(baseUrl: string, r: Row): CheckoutView {
  // Like Stripe, an open session past its expiry reads as expired.
  const status = r.status === 'open' && r.expires_at.getTime() <= Date.now() ? 'expired' : r.status;
  return {
    id: r.id,
    status,
    payment_status: r.payment_status,
    payment_intent: r.payment_intent,
    rsvp_id: r.rsvp_id,
    event_id: r.event_id,
    url: status === 'open' ? `${baseUrl}${SANDBOX_CHECKOUT_PATH}/${r.id}` : null,
  };
}

/**
 * The sandbox provider (PAYMENTS_PROVIDER=sandbox, docs/decisions/0015-payments.md): sessions in our
 * own table, paid or cancelled on a local page (sandbox.routes.ts). Same answers as Stripe's, no network.
 */
export function sandboxProvider(db: Db, baseUrl: string): PaymentProvider {
  return {
    async createCheckout(c) {
      const existing = await db.select().from(payment_sandbox_sessions).where(eq(payment_sandbox_sessions.rsvp_id, c.rsvpId)).limit(1);
      const same = existing.find((r) => r.status === 'open');
      if (same) return view(baseUrl, same);
      const [row] = await db
        .insert(payment_sandbox_sessions)
        .values({
          id: `cs_sandbox_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`,
          event_id: c.eventId,
          rsvp_id: c.rsvpId,
          title: c.title,
          unit_amount: c.unitAmount,
          quantity: c.quantity,
          line_items: c.lines?.map((l) => ({ name: l.name, unit_amount: l.unitAmount, quantity: l.quantity })) ?? null,
          discount: c.discount ?? null,
          currency: c.currency,
          customer_email: c.email,
          success_url: c.successUrl,
          cancel_url: c.cancelUrl,
          expires_at: c.expiresAt,
        })
        .returning();
      return view(baseUrl, row!);
    },
    async retrieveCheckout(sessionId) {
      if (!isSandboxSessionId(sessionId)) return null;
      const [row] = await db.select().from(payment_sandbox_sessions).where(eq(payment_sandbox_sessions.id, sessionId)).limit(1);
      return row ? view(baseUrl, row) : null;
    },
    async expireCheckout(sessionId) {
      await db
        .update(payment_sandbox_sessions)
        .set({ status: 'expired' })
        .where(and(eq(payment_sandbox_sessions.id, sessionId), eq(payment_sandbox_sessions.status, 'open')));
    },
    async refund({ paymentIntent, idempotencyKey, amount }) {
      // As Stripe: a key seen before is that refund again; else `amount` (or all that is left) comes off the session's
      // total, refused when more than is left. One transaction, the session row locked: no two refunds overlap.
      await db.transaction(async (tx) => {
        const [again] = await tx
          .insert(payment_sandbox_refunds)
          .values({ idempotency_key: idempotencyKey, payment_intent: paymentIntent, amount: amount ?? 0 })
          .onConflictDoNothing()
          .returning({ key: payment_sandbox_refunds.idempotency_key });
        if (!again) return;
        const [s] = await tx
          .select({ id: payment_sandbox_sessions.id, total: sandboxTotal, refunded: payment_sandbox_sessions.refunded_amount })
          .from(payment_sandbox_sessions)
          .where(and(eq(payment_sandbox_sessions.payment_intent, paymentIntent), eq(payment_sandbox_sessions.payment_status, 'paid')))
          .limit(1)
          .for('update');
        if (!s) throw new RefundRefused(`No such payment_intent: '${paymentIntent}'`);
        const left = s.total - s.refunded;
        const take = amount ?? left;
        if (take <= 0 || take > left) throw new RefundRefused(`Refund amount (${take}) is greater than unrefunded amount (${left}).`);
        await tx
          .update(payment_sandbox_sessions)
          .set({ refunded_amount: s.refunded + take, refunded_at: sql`now()` })
          .where(eq(payment_sandbox_sessions.id, s.id));
      });
    },
  };
}

/** The sandbox page's 'Pay': completes an open, unexpired session as paid. False when it was not open. */
export async function paySandboxSession(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(payment_sandbox_sessions)
    .set({ status: 'complete', payment_status: 'paid', payment_intent: `pi_sandbox_${randomBytes(12).toString('hex')}` })
    .where(
      and(
        eq(payment_sandbox_sessions.id, sessionId),
        eq(payment_sandbox_sessions.status, 'open'),
        sql`${payment_sandbox_sessions.expires_at} > now()`,
      ),
    )
    .returning({ id: payment_sandbox_sessions.id });
  return rows.length > 0;
}

export async function readSandboxSession(db: Db, sessionId: string): Promise<Row | null> {
  if (!isSandboxSessionId(sessionId)) return null;
  const [row] = await db.select().from(payment_sandbox_sessions).where(eq(payment_sandbox_sessions.id, sessionId)).limit(1);
  return row ?? null;
}
