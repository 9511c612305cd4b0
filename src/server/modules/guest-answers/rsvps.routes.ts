import { emailDeliveryOf } from '../../../common/email-delivery.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { ZRsvpResult } from '../../../common/schemas/rsvps.responses.ts';
import { ZRsvpInput } from '../../../common/schemas/rsvps.ts';
import { clientIp } from '../../http/client-ip.ts';
import { answerAfterTheDoor } from '../../http/door-first.ts';
import { enforce, type LimitRule, rateLimitByIp } from '../../http/rate-limit.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { errors, json, jsonBody } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { rememberAnswer } from '../rsvps/guest-cookie.ts';
import { submitRsvp } from './submit-rsvp.ts';
import { PROMO_LOOKUP_LIMIT } from '../promo-codes/promo-limits.ts';

/** Per client IP (a venue's shared Wi-Fi still fits) and per e-mail per event. */
export const RSVP_LIMITS = {
  perIp: { name: 'rsvp-ip', points: 30, windowSec: 60 },
  perEmail: { name: 'rsvp-email', points: 6, windowSec: 10 * 60 },
} as const satisfies Record<string, LimitRule>;

const postRsvp = createRoute({
  method: 'post',
  path: '/api/public/events/{eventId}/rsvps',
  summary: 'Answer an event (the first answer of an e-mail; a known e-mail gets its manage link by e-mail)',
  tags: ['RSVPs'],
  request: { params: z.object({ eventId: ZEventIdParam }), ...jsonBody(ZRsvpInput) },
  responses: {
    200: json('This e-mail already answered: nothing changed; its manage link was e-mailed to it', ZRsvpResult),
    201: json('RSVP recorded (this browser remembers it)', ZRsvpResult),
    ...errors(400, 403, 404, 409, 413, 415, 422, 429),
  },
});

export function rsvpRoutes() {
  const r = createRouter();
  r.use('/api/public/events/:eventId/rsvps', rateLimitByIp(RSVP_LIMITS.perIp));
  // The door outranks new answers (docs/decisions/0037-door-first.md): after the per-IP limit, so one client
  // cannot fill the line.
  r.use('/api/public/events/:eventId/rsvps', answerAfterTheDoor);
  r.openapi(postRsvp, async (c) => {
    const { eventId } = c.req.valid('param');
    const answer = c.req.valid('json');
    await enforce(c, RSVP_LIMITS.perEmail, eventId, answer.email);
    // An order naming a code is a code guess too (docs/decisions/0033-promo-codes-and-charges.md).
    if (answer.promo_code) await enforce(c, PROMO_LOOKUP_LIMIT, clientIp(c));
    // c.get, not c.var: Hono builds a new object of every variable on each c.var read (issue 36).
    const deps = c.get('deps');
    const log = c.get('log');
    const { db, env } = deps;
    const submitted = await submitRsvp({
      db,
      eventCache: deps.caches.rsvpEvents,
      config: { baseUrl: env.PUBLIC_BASE_URL, signingKey: env.TICKET_SIGNING_KEY },
      eventId,
      answer,
      payments: { env, log },
      clientIp: clientIp(c),
    });
    const { manageSecret } = submitted;
    const result = { ...submitted.result, email_delivery: emailDeliveryOf(env) };
    if (!result.rsvp || !manageSecret) {
      log.info({ eventId, emailQueued: result.email_queued }, 'rsvp: known e-mail, manage link sent');
      return c.json(result, 200);
    }
    rememberAnswer(c, eventId, manageSecret);
    log.info({ rsvpId: result.rsvp.id, eventId, status: result.rsvp.status }, 'rsvp saved');
    return c.json(result, 201);
  });
  return r;
}
