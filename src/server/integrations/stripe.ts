import Stripe from 'stripe';
import { type CheckoutView, type NewCheckout, type PaymentProvider, RefundRefused } from './payment-provider.ts';

/** The SDK for one event's secret key; STRIPE_API_URL (tests: a local fake) replaces Stripe's host. */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const u = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: u.hostname,
    port: u.port ? Number(u.port) : undefined,
    protocol: u.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
    timeout: 20_000,
  });
}

function view(s: Stripe.Checkout.Session): CheckoutView {
  const pi = s.payment_intent;
  return {
    id: s.id,
    status: (s.status ?? 'open') as CheckoutView['status'],
    payment_status: s.payment_status as CheckoutView['payment_status'],
    payment_intent: typeof pi === 'string' ? pi : (pi?.id ?? null),
    rsvp_id: s.metadata?.rsvp_id ?? null,
    event_id: s.metadata?.event_id ?? null,
    url: s.url ?? null,
  };
}

/** Stripe Checkout with the event's own secret key (docs/decisions/0015-payments.md). */
export function stripeProvider(secretKey: string, apiUrl?: string): PaymentProvider {
  const stripe = stripeClient(secretKey, apiUrl);
  return {
    async createCheckout(c: NewCheckout) {
      // A promo code's discount is a one-off coupon of exactly its amount, named as the code: Checkout shows
      // "SPRING20 −€12.00" and charges the order's total (docs/decisions/0033-promo-codes-and-charges.md).
      const coupon = c.discount
        ? await stripe.coupons.create(
            { amount_off: c.discount.amount, currency: c.currency, duration: 'once', max_redemptions: 1, name: c.discount.name },
            { idempotencyKey: `${c.idempotencyKey}:coupon` },
          )
        : null;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: (c.lines ?? [{ name: c.title, unitAmount: c.unitAmount, quantity: c.quantity }]).map((l) => ({
            quantity: l.quantity,
            price_data: {
              currency: c.currency,
              unit_amount: l.unitAmount,
              product_data: { name: l.name, ...(l.description ? { description: l.description } : {}) },
            },
          })),
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          customer_email: c.email,
          client_reference_id: c.rsvpId,
          metadata: { rsvp_id: c.rsvpId, event_id: c.eventId },
          payment_intent_data: { metadata: { rsvp_id: c.rsvpId, event_id: c.eventId } },
          expires_at: Math.floor(c.expiresAt.getTime() / 1000),
          success_url: c.successUrl,
          cancel_url: c.cancelUrl,
        },
        { idempotencyKey: c.idempotencyKey },
      );
      return view(session);
    },
    async retrieveCheckout(sessionId) {
      try {
        return view(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // Already complete or expired: nothing to end.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw err;
      }
    },
    async refund({ paymentIntent, idempotencyKey, amount }) {
      try {
        await stripe.refunds.create({ payment_intent: paymentIntent, ...(amount === undefined ? {} : { amount }) }, { idempotencyKey });
      } catch (err) {
        // A 4xx refusal moved no money; a connection error or a 5xx may have (the same key asks again safely).
        if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefused(err.message);
        throw err;
      }
    },
  };
}

/**
 * Stripe's signed webhook event, checked on the raw body with the event's signing secret (5 minutes
 * of tolerance, Stripe's default); throws on a missing, tampered or stale signature.
 */
export function verifyStripeWebhook(rawBody: string, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}

/** What a read of the key's own account found (GET /v1/account), or why it failed. */
export type StripeKeyRead =
  | { ok: true; id: string; name: string | null; chargesEnabled: boolean }
  | { ok: false; reason: 'wrong_key' | 'no_permission' | 'unreachable'; detail: string };

/**
 * "Test the keys" (docs/decisions/0027-stripe-account-per-host.md): a real read call with the secret key —
 * Stripe's account of that key — sorted into a verdict. Never throws for Stripe's answers.
 */
export async function readStripeAccount(secretKey: string, apiUrl?: string): Promise<StripeKeyRead> {
  const stripe = stripeClient(secretKey, apiUrl);
  try {
    const a = await stripe.accounts.retrieveCurrent();
    const name = a.settings?.dashboard?.display_name || a.business_profile?.name || null;
    return { ok: true, id: a.id, name, chargesEnabled: Boolean(a.charges_enabled) };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeAuthenticationError) return { ok: false, reason: 'wrong_key', detail: err.message };
    if (err instanceof Stripe.errors.StripePermissionError) return { ok: false, reason: 'no_permission', detail: err.message };
    if (err instanceof Stripe.errors.StripeError) {
      // 401/403 given as another type; anything else (connection, 5xx, rate limit) is "could not reach".
      if (err.statusCode === 401) return { ok: false, reason: 'wrong_key', detail: err.message };
      if (err.statusCode === 403) return { ok: false, reason: 'no_permission', detail: err.message };
      return { ok: false, reason: 'unreachable', detail: err.message };
    }
    throw err;
  }
}
