import { createRoute, z } from '@hono/zod-openapi';
import type { Logger } from '../../logger.ts';
import type { Context } from 'hono';
import { absoluteUrl, eventHref } from '../../../common/hrefs.ts';
import { PAYMENT_MSG } from '../../../common/payment-texts.ts';
import { emailDeliveryOf } from '../../../common/email-delivery.ts';
import { ZCheckoutSessionId, ZPaymentVerification, ZVerifyPaymentInput, ZWebhookAnswer } from '../../../common/schemas/payments.ts';
import { AppError } from '../../errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { errors, json, jsonBody } from '../../http/openapi.ts';
import { type LimitRule, rateLimitByIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { verifyStripeWebhook } from '../../integrations/stripe.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { rememberedSecret } from '../rsvps/guest-cookie.ts';
import { endCheckoutOfAnswer } from './end-checkout.ts';
import { accountWebhookSecret, readPaymentEvent, webhookSecretOf } from './event-provider.ts';
import { type FulfilDeps, fulfilCheckout } from './fulfil-checkout.ts';

const tags = ['Payments'];

/** Per client IP: a success page asks a few times; guessing session ids is not a pastime here. */
export const VERIFY_LIMIT = { name: 'payment-verify', points: 60, windowSec: 60 } as const satisfies LimitRule;

const VERIFY_PATH = '/api/public/payments/verify';

const verifyGet = createRoute({
  method: 'get',
  path: VERIFY_PATH,
  summary: 'The payment success page: verify a checkout session and fulfil it (idempotent)',
  tags,
  request: { query: z.object({ session_id: ZCheckoutSessionId }) },
  responses: { 200: json('Paid (with the ticket), pending or failed', ZPaymentVerification), ...errors(400, 404, 429) },
});

const verifyPost = createRoute({
  method: 'post',
  path: VERIFY_PATH,
  summary: 'The same as GET, with the session id in a JSON body',
  tags,
  request: jsonBody(ZVerifyPaymentInput),
  responses: { 200: json('Paid (with the ticket), pending or failed', ZPaymentVerification), ...errors(400, 403, 404, 413, 415, 429) },
});

const webhook = createRoute({
  method: 'post',
  path: '/api/payments/webhook/{eventId}',
  summary: "Stripe's webhook for one event's checkouts, signed with that event's webhook signing secret",
  tags,
  request: {
    params: z.object({ eventId: ZEventIdParam }),
    headers: z.object({ 'stripe-signature': z.string().optional() }),
  },
  responses: { 200: json('Received (handled or ignored)', ZWebhookAnswer), ...errors(400, 404, 413) },
});

const accountWebhook = createRoute({
  method: 'post',
  path: '/api/payments/webhook/account/{accountId}',
  summary: "Stripe's webhook for a host's Stripe account (every event paid into it), signed with that account's signing secret",
  tags,
  request: {
    params: z.object({ accountId: zUuid('Not a Stripe account of this Turnout.') }),
    headers: z.object({ 'stripe-signature': z.string().optional() }),
  },
  responses: { 200: json('Received (handled or ignored)', ZWebhookAnswer), ...errors(400, 404, 413) },
});

const cancelled = createRoute({
  method: 'get',
  path: '/api/public/events/{eventId}/checkout-cancelled',
  summary:
    "A checkout's cancel URL: ends this browser's open checkout for the event (its seats are free at once), then back to the event page",
  tags,
  request: { params: z.object({ eventId: ZEventIdParam }) },
  responses: { 302: { description: 'To the event page' }, ...errors(404, 429) },
});

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export const fulfilDeps = (c: Context<AppEnv>): FulfilDeps => {
  const { db, env } = c.var.deps;
  return { db, env, config: { baseUrl: env.PUBLIC_BASE_URL, signingKey: env.TICKET_SIGNING_KEY }, log: c.var.log };
};

async function verify(c: Context<AppEnv>, sessionId: string) {
  const answer = await fulfilCheckout(fulfilDeps(c), sessionId);
  if (!answer) throw new AppError('not_found', PAYMENT_MSG.sessionNotFound);
  return { ...answer, email_delivery: emailDeliveryOf(c.var.deps.env) };
}
const NO_STORE = { 'Cache-Control': 'no-store' };

/** The success page's verification and Stripe's webhooks (docs/decisions/0015-payments.md). */
export function paymentsRoutes() {
  const r = createRouter();
  r.use(VERIFY_PATH, rateLimitByIp(VERIFY_LIMIT));
  r.use('/api/public/events/:eventId/checkout-cancelled', rateLimitByIp(VERIFY_LIMIT));
  r.openapi(verifyGet, async (c) => c.json(await verify(c, c.req.valid('query').session_id), 200, NO_STORE));
  r.openapi(verifyPost, async (c) => c.json(await verify(c, c.req.valid('json').session_id), 200, NO_STORE));
  r.openapi(cancelled, async (c) => {
    const { eventId } = c.req.valid('param');
    const event = await readPaymentEvent(c.var.deps.db, eventId);
    if (!event) throw new AppError('not_found', 'Event not found');
    // The guest left the checkout (Stripe's back link, the sandbox page's Cancel): this browser's answer,
    // remembered by its cookie, gives up its hold now rather than when the session expires.
    const secret = rememberedSecret(c, eventId);
    const ended = secret ? await endCheckoutOfAnswer(fulfilDeps(c), { manageSecret: secret, eventId }) : null;
    if (ended) c.var.log.info({ eventId }, 'payment: checkout cancelled by the guest; hold released');
    c.header('Cache-Control', 'no-store');
    return c.redirect(absoluteUrl(c.var.deps.env.PUBLIC_BASE_URL, eventHref(event)), 302);
  });
  r.openapi(webhook, async (c) => {
    const { eventId } = c.req.valid('param');
    const log = c.var.log.child({ module: 'payments', eventId });
    const event = await readPaymentEvent(c.var.deps.db, eventId);
    if (!event) throw new AppError('not_found', 'Event not found');
    const secret = webhookSecretOf(c.var.deps.env, event);
    if (!secret) {
      log.warn('payment webhook refused: the event has no webhook signing secret');
      throw new AppError('bad_request', 'Webhooks are not set up for this event.');
    }
    await receiveWebhook(c, secret, log);
    return c.json({ received: true as const }, 200);
  });
  r.openapi(accountWebhook, async (c) => {
    const { accountId } = c.req.valid('param');
    const log = c.var.log.child({ module: 'payments', stripeAccountId: accountId });
    const account = await accountWebhookSecret(c.var.deps.db, c.var.deps.env, accountId);
    if (!account) throw new AppError('not_found', 'Not a Stripe account of this Turnout.');
    if (!account.secret) {
      log.warn('payment webhook refused: the Stripe account has no webhook signing secret');
      throw new AppError('bad_request', 'Webhooks are not set up for this Stripe account.');
    }
    await receiveWebhook(c, account.secret, log);
    return c.json({ received: true as const }, 200);
  });
  return r;
}

/**
 * One signed Stripe event, checked on the raw body with `secret` (an event's, or a host account's: ADR
 * 0027); a checkout session's event runs the one fulfilment, which re-reads the session through the
 * provider of the session's own event, so an account's endpoint cannot fulfil another account's session.
 */
async function receiveWebhook(c: Context<AppEnv>, secret: string, log: Logger) {
  // The raw body, exactly as signed: read as text, never parsed before the check.
  const raw = await c.req.text();
  let type: string;
  let object: { object?: string; id?: string };
  try {
    const e = verifyStripeWebhook(raw, c.req.header('stripe-signature') ?? '', secret);
    type = e.type;
    object = e.data.object as { object?: string; id?: string };
  } catch {
    log.warn('payment webhook refused: missing, invalid or stale signature');
    throw new AppError('bad_request', 'Invalid webhook signature.');
  }
  if (HANDLED.has(type) && object.object === 'checkout.session' && typeof object.id === 'string') {
    const result = await fulfilCheckout(fulfilDeps(c), object.id);
    log.info({ type, known: result !== null, payment: result?.payment_status }, 'payment webhook handled');
  }
}
