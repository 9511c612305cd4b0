/**
 * What the paid flow needs of a payment provider (docs/decisions/0015-payments.md): Stripe Checkout
 * (integrations/stripe.ts, each event's own secret key) or the sandbox (sandbox-provider.ts, no network).
 */

/** A checkout session as the fulfilment reads it (Stripe's Checkout Session, reduced). */
export type CheckoutView = {
  id: string;
  /** Stripe's session status. */
  status: 'open' | 'complete' | 'expired';
  /** Stripe's session payment_status: only 'paid' is paid (docs/product.md#payment-status). */
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  /** The payment (PaymentIntent pi_…) once there is one. */
  payment_intent: string | null;
  /** metadata.rsvp_id / metadata.event_id as the checkout was created with. */
  rsvp_id: string | null;
  event_id: string | null;
  url: string | null;
};

/** One line of a checkout: a ticket type of an order (docs/decisions/0028-ticket-types.md). */
export type CheckoutLine = { name: string; unitAmount: number; quantity: number; description?: string };

/** A promo code's discount on the whole checkout (docs/decisions/0033-promo-codes-and-charges.md): its name and amount. */
export type CheckoutDiscount = { name: string; amount: number };

export type NewCheckout = {
  /** Stripe's Idempotency-Key: a retried create returns the same session. */
  idempotencyKey: string;
  title: string;
  /** Minor units (cents) of `currency`. */
  unitAmount: number;
  quantity: number;
  /** An order of ticket types: one line item per type (with its price); else one line of `quantity` × `unitAmount`. */
  lines?: CheckoutLine[];
  /** Taken off the lines' sum: Stripe shows it as the code with its amount ("SPRING20 −€12.00"). */
  discount?: CheckoutDiscount;
  currency: string;
  email: string;
  rsvpId: string;
  eventId: string;
  successUrl: string;
  cancelUrl: string;
  /** When the provider expires the session (Stripe: 30 minutes to 24 hours ahead). */
  expiresAt: Date;
};

export interface PaymentProvider {
  createCheckout(c: NewCheckout): Promise<CheckoutView>;
  /** Null when the provider knows no such session. */
  retrieveCheckout(sessionId: string): Promise<CheckoutView | null>;
  /** Ends an open session now (a session already complete or expired is left as it is). */
  expireCheckout(sessionId: string): Promise<void>;
  /**
   * Refunds `amount` (minor units) of a payment, or all that is left of it without one; `idempotencyKey` makes a
   * repeat the same refund. Throws RefundRefused when the provider said no (nothing was refunded); any other
   * error leaves it unknown whether the refund was made.
   */
  refund(o: { paymentIntent: string; idempotencyKey: string; amount?: number }): Promise<void>;
}

/** The provider refused a refund (Stripe's invalid request: more than is left, no such payment): nothing moved. */
export class RefundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefused';
  }
}

/** Stripe's smallest Checkout Session lifetime. */
export const STRIPE_MIN_SESSION_MS = 30 * 60_000;
/** …and the longest it lets one stay open (its `expires_at` may be at most 24 hours away). */
export const STRIPE_MAX_SESSION_MS = 24 * 60 * 60_000;

/** Minor units of a price in one of our currencies (usd, eur, gbp, cad: all two-decimal). */
export function minorUnits(price: string | number): number {
  const n = typeof price === 'number' ? price : Number(price);
  if (!Number.isFinite(n) || n < 0) throw new Error('minorUnits: bad price');
  return Math.round(n * 100);
}
