import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { sealSecret } from '../../src/server/crypto/secret-box.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { secretKeyContext, webhookSecretContext } from '../../src/server/domain/event-values.ts';
import { sweepLapsedHolds } from '../../src/server/modules/payments/sweep-holds.ts';
import { insertEvent } from '../factories/rsvps.ts';
import { type TestApp, TEST_ORIGIN } from './app.ts';
import type { startFakeStripe } from './fake-stripe.ts';

export const SECRET_KEY = 'sk_test_fakeFakeFakeFake0123456789';
export const WEBHOOK_SECRET = 'whsec_testTestTestTest0123456789';

/**
 * Paid events against the fake Stripe (tests/support/fake-stripe.ts): an event with its own sealed keys,
 * webhooks signed by the real SDK's test-header helper and sent as Stripe sends them, the success page's
 * verification, and the rows and seat counter to check.
 */
export function paidEventKit(t: TestApp, fake: Awaited<ReturnType<typeof startFakeStripe>>, app: Pick<TestApp, 'app'> = t) {
  const sdk = new Stripe(SECRET_KEY);

  async function paidEvent(o: { price?: string; currency?: string; max?: number | null; refunds?: boolean } = {}) {
    const e = await insertEvent(t, {
      is_paid_event: true,
      ticket_price: o.price ?? '12.50',
      currency: o.currency ?? 'usd',
      max_attendees: o.max === undefined ? 100 : o.max,
      stripe_publishable_key: 'pk_test_abc',
      guest_refunds_allowed: o.refunds ?? false,
    });
    await t.db
      .update(events)
      .set({
        stripe_secret_key_enc: sealSecret(t.env.ENCRYPTION_KEY, SECRET_KEY, secretKeyContext(e.id)),
        stripe_webhook_secret_enc: sealSecret(t.env.ENCRYPTION_KEY, WEBHOOK_SECRET, webhookSecretContext(e.id)),
      })
      .where(eq(events.id, e.id));
    return e;
  }

  function webhookBody(type: string, sessionId: string) {
    return JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: { object: fake.webhookObject(sessionId) },
    });
  }

  function sendWebhook(eventId: string, payload: string, signature?: string) {
    const sig = signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    // As Stripe sends it: no Origin, no cookies.
    return app.app.request(`${TEST_ORIGIN}/api/payments/webhook/${eventId}`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': sig },
    });
  }

  return {
    sdk,
    paidEvent,
    webhookBody,
    sendWebhook,
    sessionIdOf: (checkoutUrl: string) => /(cs_\w+)$/.exec(checkoutUrl)![1]!,
    verify: (sessionId: string) => t.request(`/api/public/payments/verify?session_id=${encodeURIComponent(sessionId)}`),
    rsvpRow: async (id: string) => (await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id)))[0]!,
    seatsTaken: async (id: string) => (await t.db.select({ s: events.seats_taken }).from(events).where(eq(events.id, id)))[0]!.s,
  };
}

/** The answer's payment hold ran out and the sweep released it (as the worker does every 15 s). */
export async function lapseHold(t: Pick<TestApp, 'db' | 'deps'>, rsvpId: string): Promise<void> {
  await t.db
    .update(event_rsvps)
    .set({ payment_hold_until: new Date(Date.now() - 1000) })
    .where(eq(event_rsvps.id, rsvpId));
  await sweepLapsedHolds(t.deps);
}
