import { z } from 'zod';
import { EMAIL_DELIVERIES } from '../email-delivery.ts';

/**
 * Paid events (docs/product.md#payments, docs/decisions/0015-payments.md). Endpoints:
 *
 * - POST /api/public/events/{eventId}/rsvps (existing): on a paid event a first 'yes' answers 201 with
 *   RsvpResult.checkout_url set (the browser goes there), rsvp.status 'confirmed' with the RSVP's
 *   payment_status 'pending' (seats held until the checkout expires), ticket_url null until paid,
 *   manage_url set, email_queued false (the confirmation is queued when the payment completes).
 *   'maybe' / 'no' on a paid event work as on a free one (no checkout, checkout_url null).
 * - GET  /api/public/payments/verify?session_id=… and POST /api/public/payments/verify {session_id}:
 *   the payment success page (/event/{slug}/payment-success?session_id=…). Re-reads the checkout from
 *   the provider and fulfils it (idempotent). Answers PaymentVerification; 404 for an unknown session.
 * - POST /api/payments/webhook/{eventId}: Stripe's webhook for one event, signed with the event's
 *   webhook signing secret (raw body); 400 for a missing, tampered or stale signature. No Origin needed.
 * - POST /api/public/rsvps/{manageSecret}/checkout: the manage page's Pay now. The checkout URL of an answer on a
 *   paid event that is not paid (pending, hold released, or never paid): the open checkout, or the seats held
 *   again and a new one (409 with the reason when the seats are gone or it is already paid).
 * - GET /api/public/events/{eventId}/checkout-cancelled: every checkout's cancel URL. Ends this browser's open
 *   checkout for the event (its remembered answer, cookie trsvp_…): the seats are free at once; 302 to the event page.
 * - Sandbox provider (PAYMENTS_PROVIDER=sandbox): GET /sandbox-checkout/{sessionId} is a page served by
 *   the server (not the SPA) with 'Pay' and 'Cancel'; its forms POST /sandbox-checkout/{sessionId}/pay
 *   and /sandbox-checkout/{sessionId}/cancel (which ends the checkout at once, as above), answering 303 to the
 *   success or cancel URL.
 */

export const PAYMENT_VERDICTS = ['paid', 'pending', 'failed'] as const;
export type PaymentVerdict = (typeof PAYMENT_VERDICTS)[number];

/** A checkout session id as Stripe (cs_test_…, cs_live_…) or the sandbox (cs_sandbox_…) makes them. */
export const ZCheckoutSessionId = z
  .string({ error: 'No session ID provided' })
  .min(1, 'No session ID provided')
  .max(255, 'This session ID is not valid.')
  .regex(/^cs_[A-Za-z0-9_]+$/, 'This session ID is not valid.');

export const ZVerifyPaymentInput = z.object({ session_id: ZCheckoutSessionId });

/**
 * What the success page needs, and no more (a session id is a bearer of this answer only):
 * 'paid' with the ticket page's URL, 'pending' (an asynchronous payment still under way) or 'failed'
 * (expired, cancelled, declined, or paid after the seats were gone: then refunded and the guest e-mailed).
 */
const paymentState = {
  payment_status: z.enum(PAYMENT_VERDICTS),
  /** /ticket/{ticket secret} when paid, else null. */
  ticket_url: z.string().nullable(),
  /** The signed ticket token the QR encodes (as /ticket-verification/{token}), when paid. */
  qr_code_data: z.string().nullable(),
  /** Paid after the hold lapsed and the seats were gone: the payment was refunded. */
  refunded: z.boolean(),
  /** The event's slug, for 'Return to Event' / 'View Event Details'. */
  event_slug: z.string(),
};
/** The payment state alone, as the payments module finds it. */
export type TPaymentState = z.infer<z.ZodObject<typeof paymentState>>;
export const ZPaymentVerification = z
  .strictObject({
    ...paymentState,
    /** Whether the ticket e-mail the page mentions reaches the guest (src/common/email-delivery.ts). */
    email_delivery: z.enum(EMAIL_DELIVERIES),
  })
  .meta({ id: 'PaymentVerification' });
export type TPaymentVerification = z.infer<typeof ZPaymentVerification>;

export const ZWebhookAnswer = z.strictObject({ received: z.literal(true) });

/** Pay now: where the browser goes next. */
export const ZPayNowAnswer = z.strictObject({ checkout_url: z.string() }).meta({ id: 'PayNowAnswer' });
export type TPayNowAnswer = z.infer<typeof ZPayNowAnswer>;
