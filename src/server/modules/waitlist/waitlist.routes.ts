import { createRoute, z } from '@hono/zod-openapi';
import { emailDeliveryOf } from '../../../common/email-delivery.ts';
import { MSG } from '../../../common/messages.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import {
  ZWaitlistClaimResult,
  ZWaitlistInput,
  ZWaitlistJoinResult,
  ZWaitlistPlace,
  ZWaitlistPromoteResult,
} from '../../../common/schemas/waitlist.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { clientIp } from '../../http/client-ip.ts';
import { errors, json, jsonBody, signedInOrKey } from '../../http/openapi.ts';
import { enforce, rateLimitByIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { RSVP_LIMITS } from '../guest-answers/rsvps.routes.ts';
import { RSVP_NOT_FOUND } from '../guests/get-guest.ts';
import { fulfilDeps } from '../payments/payments.routes.ts';
import { rememberAnswer } from '../rsvps/guest-cookie.ts';
import { claimOffer } from './claim-offer.ts';
import { getWaitlistPlace } from './get-waitlist-place.ts';
import { joinWaitlist } from './join-waitlist.ts';
import { promoteGuest } from './promote-guest.ts';

const tags = ['Waitlist'];
/** As the manage routes': a path that cannot be a manage secret answers 404 before anything reads it. */
const secretParam = z.object({ manageSecret: z.string().regex(/^[A-Za-z0-9_-]{24}$/, MSG.manageLinkInvalid) });

const joinRoute = createRoute({
  method: 'post',
  path: '/api/public/events/{eventId}/waitlist',
  summary: 'Join the waitlist of a full event (a known e-mail gets its manage link by e-mail instead)',
  tags,
  request: { params: z.object({ eventId: ZEventIdParam }), ...jsonBody(ZWaitlistInput) },
  responses: {
    200: json('This e-mail already answered: nothing changed; its manage link was e-mailed to it', ZWaitlistJoinResult),
    201: json('On the waitlist, with its place (or offered the seats at once)', ZWaitlistJoinResult),
    ...errors(400, 404, 409, 413, 415, 422, 429),
  },
});

const placeRoute = createRoute({
  method: 'get',
  path: '/api/public/rsvps/{manageSecret}/waitlist',
  summary: 'Where a party stands on the waitlist: its place in line, or the deadline of the seats offered to it',
  tags,
  request: { params: secretParam },
  responses: { 200: json('Its place, or null when the answer is not on the waitlist', ZWaitlistPlace.nullable()), ...errors(404, 429) },
});

const claimRoute = createRoute({
  method: 'post',
  path: '/api/public/rsvps/{manageSecret}/claim',
  summary: 'Claim the seats offered from the waitlist: the ticket of a free event, the checkout of a paid one',
  tags,
  request: { params: secretParam },
  responses: { 200: json('The ticket or the checkout', ZWaitlistClaimResult), ...errors(404, 409, 422, 429, 502) },
});

const promoteRoute = createRoute({
  middleware: requireUser,
  security: signedInOrKey('guests:write'),
  method: 'post',
  path: '/api/events/{eventId}/rsvps/{rsvpId}/promote',
  summary: 'A host moves a waiting party to the front of the waitlist; it is offered the seats at once when it fits',
  tags,
  request: { params: z.object({ eventId: ZEventIdParam, rsvpId: zUuid(RSVP_NOT_FOUND) }) },
  responses: { 200: json('Offered, or first in line', ZWaitlistPromoteResult), ...errors(401, 403, 404, 409) },
});

/** The waitlist's routes (docs/product.md#waitlist); the manage router's per-IP limit covers /api/public/rsvps/*. */
export function waitlistRoutes() {
  const r = createRouter();
  r.use('/api/public/events/:eventId/waitlist', rateLimitByIp(RSVP_LIMITS.perIp));
  r.openapi(joinRoute, async (c) => {
    const { eventId } = c.req.valid('param');
    const input = c.req.valid('json');
    await enforce(c, RSVP_LIMITS.perEmail, eventId, input.email);
    const { db, env, caches } = c.var.deps;
    const config = { baseUrl: env.PUBLIC_BASE_URL, signingKey: env.TICKET_SIGNING_KEY };
    const joined = await joinWaitlist({ db, eventCache: caches.rsvpEvents, config, eventId, input });
    const result = { ...joined.result, email_delivery: emailDeliveryOf(env) };
    if (!result.rsvp || !joined.manageSecret) {
      c.var.log.info({ eventId, emailQueued: result.email_queued }, 'waitlist: known e-mail, manage link sent');
      return c.json(result, 200);
    }
    rememberAnswer(c, eventId, joined.manageSecret);
    c.var.log.info({ rsvpId: result.rsvp.id, eventId, status: result.rsvp.status }, 'waitlist joined');
    return c.json(result, 201);
  });
  r.openapi(placeRoute, async (c) => {
    const place = await getWaitlistPlace(c.var.deps.db, c.req.valid('param').manageSecret);
    c.header('Cache-Control', 'no-store');
    return c.json(place, 200);
  });
  r.openapi(claimRoute, async (c) => {
    const { manageSecret } = c.req.valid('param');
    const { caches, env } = c.var.deps;
    const config = { baseUrl: env.PUBLIC_BASE_URL, signingKey: env.TICKET_SIGNING_KEY };
    const claimed = await claimOffer(
      { ...fulfilDeps(c), env, eventCache: caches.rsvpEvents, config },
      { manageSecret, clientIp: clientIp(c) },
    );
    c.var.log.info({ paid: claimed.checkout_url !== null }, 'waitlist: offer claimed');
    c.header('Cache-Control', 'no-store');
    return c.json(claimed, 200);
  });
  r.openapi(promoteRoute, async (c) => {
    const { eventId, rsvpId } = c.req.valid('param');
    const promoted = await promoteGuest({ db: c.var.deps.db, actor: currentUser(c), eventId, rsvpId });
    c.var.log.info({ eventId, rsvpId, status: promoted.status }, 'waitlist: party moved up by staff');
    return c.json(promoted, 200);
  });
  return r;
}
