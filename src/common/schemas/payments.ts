import { z } from 'zod';
import { EMAIL_DELIVERIES } from '../email-delivery.ts';

/**
 * Paid events' requests and answers (docs/product.md#payments, ADR 0015); routes are listed in
 * /api/openapi.json. The sandbox provider's checkout pages are server-rendered, outside the API.
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
