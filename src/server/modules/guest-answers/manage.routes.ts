import { emailDeliveryOf } from '../../../common/email-delivery.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { MSG } from '../../../common/messages.ts';
import {
  ZFindTicketAnswer,
  ZManagedRsvpAnswer,
  ZManagedRsvpRead,
  ZMyRsvpAnswer,
  ZReminderChoice,
} from '../../../common/schemas/rsvps.responses.ts';
import { ZFindTicketInput, ZRsvpChange } from '../../../common/schemas/rsvps.ts';
import { clientIp } from '../../http/client-ip.ts';
import { errors, json, jsonBody } from '../../http/openapi.ts';
import { enforce, type LimitRule, rateLimitByIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { setGuestReminders } from '../reminders/guest-reminders.ts';
import { changeRsvp } from '../rsvps/change-rsvp.ts';
import { FIND_TICKET_MIN_MS, findTickets } from '../rsvps/find-tickets.ts';
import { findRememberedRsvp, getManagedRsvp } from '../rsvps/get-managed-rsvp.ts';
import { ZPayNowAnswer } from '../../../common/schemas/payments.ts';
import { endCheckoutOfAnswer } from '../payments/end-checkout.ts';
import { fulfilDeps } from '../payments/payments.routes.ts';
import { assertPaidPartyUnchanged, refundForGuest } from '../payments/refund-rsvp.ts';
import { resumeCheckout } from '../payments/resume-checkout.ts';
import { forgetAnswer, rememberAnswer, rememberedSecret } from '../rsvps/guest-cookie.ts';

/** Manage links are unguessable; these limits only keep a client from hammering them. */
export const MANAGE_LIMITS = {
  perIp: { name: 'manage-ip', points: 60, windowSec: 60 },
  findPerIp: { name: 'find-ticket-ip', points: 10, windowSec: 10 * 60 },
  findPerEmail: { name: 'find-ticket-email', points: 3, windowSec: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

const tags = ['Manage your RSVP'];
/** A path that cannot be a manage secret answers 404 before anything reads it (validation.ts: a path param's schema). */
const secretParam = z.object({ manageSecret: z.string().regex(/^[A-Za-z0-9_-]{24}$/, MSG.manageLinkInvalid) });

const readManaged = createRoute({
  method: 'get',
  path: '/api/public/rsvps/{manageSecret}',
  summary: 'A guest reads their answer through its manage link (and this browser remembers it)',
  tags,
  request: { params: secretParam },
  responses: { 200: json('The answer and its event', ZManagedRsvpRead), ...errors(404, 429) },
});

const changeManaged = createRoute({
  method: 'put',
  path: '/api/public/rsvps/{manageSecret}',
  summary: 'A guest changes their answer: status, party size, name, phone, notes',
  tags,
  request: { params: secretParam, ...jsonBody(ZRsvpChange) },
  responses: { 200: json('The answer as it now stands', ZManagedRsvpAnswer), ...errors(400, 403, 404, 409, 413, 415, 422, 429, 502) },
});

const cancelManaged = createRoute({
  method: 'post',
  path: '/api/public/rsvps/{manageSecret}/cancel',
  summary: 'A guest cancels: the answer becomes "declined", its seats are freed and the link is replaced',
  tags,
  request: { params: secretParam },
  responses: { 200: json('The cancelled answer, with its new manage link', ZManagedRsvpAnswer), ...errors(403, 404, 409, 429, 502) },
});

const payNow = createRoute({
  method: 'post',
  path: '/api/public/rsvps/{manageSecret}/checkout',
  summary: 'Pay now: the checkout of an unpaid answer on a paid event (the open one, or its seats held again and a new one)',
  tags,
  request: { params: secretParam },
  responses: { 200: json('Where the browser goes to pay', ZPayNowAnswer), ...errors(403, 404, 409, 422, 429, 502) },
});

const setReminders = createRoute({
  method: 'put',
  path: '/api/public/rsvps/{manageSecret}/reminders',
  summary: "A guest turns the event's reminders on or off (the link in every reminder leads here)",
  tags,
  request: { params: secretParam, ...jsonBody(ZReminderChoice) },
  responses: { 200: json('Whether reminders are on', ZReminderChoice), ...errors(400, 403, 404, 413, 415, 429) },
});

const oneClickStop = createRoute({
  method: 'post',
  path: '/api/public/rsvps/{manageSecret}/reminders/one-click',
  summary: "A mail client's one-click unsubscribe of a reminder (RFC 8058): turns the event's reminders off; the body is not read",
  tags,
  request: { params: secretParam },
  responses: { 200: json('Reminders are off', ZReminderChoice), ...errors(403, 404, 429) },
});

const myRsvp = createRoute({
  method: 'get',
  path: '/api/public/events/{eventId}/my-rsvp',
  summary: "This browser's answer to the event (remembered by a cookie), or null",
  tags,
  request: { params: z.object({ eventId: ZEventIdParam }) },
  responses: { 200: json("This browser's answer", ZMyRsvpAnswer), ...errors(404, 429) },
});

const findTicket = createRoute({
  method: 'post',
  path: '/api/public/find-ticket',
  summary: 'E-mails the manage links of the answers of an address (the same answer whether or not it has any)',
  tags,
  request: jsonBody(ZFindTicketInput),
  responses: { 202: json('Accepted', ZFindTicketAnswer), ...errors(400, 403, 413, 415, 429) },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** docs/product.md#manage-page: a guest's own answer, reached by its secret link or this browser's cookie. */
export function manageRoutes() {
  const r = createRouter();
  r.use('/api/public/rsvps/*', rateLimitByIp(MANAGE_LIMITS.perIp));
  r.use('/api/public/events/:eventId/my-rsvp', rateLimitByIp(MANAGE_LIMITS.perIp));
  r.use('/api/public/find-ticket', rateLimitByIp(MANAGE_LIMITS.findPerIp));
  const config = (env: { PUBLIC_BASE_URL: string; TICKET_SIGNING_KEY: string }) => ({
    baseUrl: env.PUBLIC_BASE_URL,
    signingKey: env.TICKET_SIGNING_KEY,
  });

  r.openapi(readManaged, async (c) => {
    const rsvp = {
      ...(await getManagedRsvp(c.var.deps.db, c.req.valid('param').manageSecret)),
      email_delivery: emailDeliveryOf(c.var.deps.env),
    };
    rememberAnswer(c, rsvp.event.id, c.req.valid('param').manageSecret);
    c.header('Cache-Control', 'no-store');
    return c.json({ rsvp }, 200);
  });

  r.openapi(changeManaged, async (c) => {
    const { db, env, caches } = c.var.deps;
    const { manageSecret } = c.req.valid('param');
    // Leaving 'yes' on a paid answer refunds it first, when the host allows it (docs/product.md#payments).
    const change = c.req.valid('json');
    if (change.status === 'confirmed') await assertPaidPartyUnchanged(db, manageSecret, change.guest_count);
    else await refundForGuest({ db, env, log: c.var.log }, manageSecret);
    const done = await changeRsvp({ db, eventCache: caches.rsvpEvents, config: config(env), manageSecret, change: c.req.valid('json') });
    // Leaving 'yes' while at the checkout ends that checkout: its hold is over.
    if (change.status !== 'confirmed') await endCheckoutOfAnswer(fulfilDeps(c), { manageSecret: done.manageSecret });
    const rsvp = { ...(await getManagedRsvp(db, done.manageSecret)), email_delivery: emailDeliveryOf(env) };
    c.var.log.info({ eventId: rsvp.event.id, status: rsvp.status, emailQueued: done.emailQueued }, 'rsvp changed through its manage link');
    c.header('Cache-Control', 'no-store');
    return c.json({ rsvp, email_queued: done.emailQueued }, 200);
  });

  r.openapi(cancelManaged, async (c) => {
    const { db, env, caches } = c.var.deps;
    await refundForGuest({ db, env, log: c.var.log }, c.req.valid('param').manageSecret);
    const done = await changeRsvp({
      db,
      eventCache: caches.rsvpEvents,
      config: config(env),
      manageSecret: c.req.valid('param').manageSecret,
      cancel: true,
    });
    await endCheckoutOfAnswer(fulfilDeps(c), { manageSecret: done.manageSecret });
    const rsvp = { ...(await getManagedRsvp(db, done.manageSecret)), email_delivery: emailDeliveryOf(env) };
    rememberAnswer(c, rsvp.event.id, done.manageSecret);
    c.var.log.info({ eventId: rsvp.event.id, emailQueued: done.emailQueued }, 'rsvp cancelled through its manage link');
    c.header('Cache-Control', 'no-store');
    return c.json({ rsvp, email_queued: done.emailQueued }, 200);
  });

  r.openapi(payNow, async (c) => {
    const { manageSecret } = c.req.valid('param');
    const { caches, env } = c.var.deps;
    const url = await resumeCheckout({ ...fulfilDeps(c), env, eventCache: caches.rsvpEvents }, manageSecret, clientIp(c));
    c.var.log.info('payment: checkout resumed through the manage link');
    c.header('Cache-Control', 'no-store');
    return c.json({ checkout_url: url }, 200);
  });

  r.openapi(setReminders, async (c) => {
    const reminders = await setGuestReminders(c.var.deps.db, c.req.valid('param').manageSecret, c.req.valid('json').reminders);
    c.var.log.info({ reminders }, 'reminders set through the manage link');
    c.header('Cache-Control', 'no-store');
    return c.json({ reminders }, 200);
  });

  r.openapi(oneClickStop, async (c) => {
    const reminders = await setGuestReminders(c.var.deps.db, c.req.valid('param').manageSecret, 'off');
    c.var.log.info({ reminders }, 'reminders stopped by a one-click unsubscribe');
    c.header('Cache-Control', 'no-store');
    return c.json({ reminders }, 200);
  });

  r.openapi(myRsvp, async (c) => {
    const { eventId } = c.req.valid('param');
    const secret = rememberedSecret(c, eventId);
    const found = secret ? await findRememberedRsvp(c.var.deps.db, eventId, secret) : null;
    if (secret && !found) forgetAnswer(c, eventId);
    c.header('Cache-Control', 'no-store');
    if (!found) return c.json({ rsvp: null }, 200);
    const { status, guest_count, name, payment_status, ticket_url, manage_url } = found;
    return c.json({ rsvp: { status, guest_count, name, payment_status, ticket_url, manage_url } }, 200);
  });

  r.openapi(findTicket, async (c) => {
    const started = Date.now();
    const { email } = c.req.valid('json');
    await enforce(c, MANAGE_LIMITS.findPerEmail, email);
    await findTickets({ db: c.var.deps.db, baseUrl: c.var.deps.env.PUBLIC_BASE_URL, email });
    await sleep(Math.max(0, FIND_TICKET_MIN_MS - (Date.now() - started)));
    return c.json({ ok: true as const, email_delivery: emailDeliveryOf(c.var.deps.env) }, 202);
  });
  return r;
}
