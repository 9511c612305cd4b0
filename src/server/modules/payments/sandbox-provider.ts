import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payment_sandbox_sessions } from '../../db/schema/payments.ts';
import type { CheckoutView, PaymentProvider } from '../../integrations/payment-provider.ts';

export const SANDBOX_CHECKOUT_PATH = '/sandbox-checkout';
export const isSandboxSessionId = (id: string) => /^cs_sandbox_[A-Za-z0-9]{10,64}$/.test(id);

type Row = typeof payment_sandbox_sessions.$inferSelect;

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
    async refund({ paymentIntent }) {
      await db
        .update(payment_sandbox_sessions)
        .set({ refunded_at: sql`now()` })
        .where(and(eq(payment_sandbox_sessions.payment_intent, paymentIntent), isNull(payment_sandbox_sessions.refunded_at)));
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
