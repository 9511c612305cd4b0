import { createRoute, z } from '@hono/zod-openapi';
import { ZRsvpInput } from '../../../common/schemas/rsvps.ts';
import { ZEventIdParam } from '../events/event-access.ts';
import { enforce, RateLimiter, rateLimitByIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { submitRsvp } from './submit-rsvp.ts';

/** Per client IP (a venue's shared Wi-Fi still fits) and per e-mail per event. */
export const RSVP_LIMITS = {
  perIp: { limit: 30, windowMs: 60_000 },
  perEmail: { limit: 6, windowMs: 10 * 60_000 },
} as const;

const postRsvp = createRoute({
  method: 'post',
  path: '/api/public/events/{eventId}/rsvps',
  request: {
    params: z.object({ eventId: ZEventIdParam }),
    body: { content: { 'application/json': { schema: ZRsvpInput } }, required: true },
  },
  responses: {
    200: { description: 'The earlier answer of this e-mail, updated' },
    201: { description: 'RSVP recorded' },
  },
});

export function rsvpRoutes() {
  const r = createRouter();
  const byIp = new RateLimiter(RSVP_LIMITS.perIp.limit, RSVP_LIMITS.perIp.windowMs);
  const byEmail = new RateLimiter(RSVP_LIMITS.perEmail.limit, RSVP_LIMITS.perEmail.windowMs);
  r.use('/api/public/events/:eventId/rsvps', rateLimitByIp(byIp, 'rsvp'));
  r.openapi(postRsvp, async (c) => {
    const { eventId } = c.req.valid('param');
    const answer = c.req.valid('json');
    enforce(c, byEmail, `${eventId}:${answer.email}`);
    const { db, env } = c.var.deps;
    const result = await submitRsvp({ db, config: { baseUrl: env.PUBLIC_BASE_URL, signingKey: env.TICKET_SIGNING_KEY }, eventId, answer });
    c.var.log.info({ rsvpId: result.rsvp.id, eventId, status: result.rsvp.status, updated: result.rsvp.updated }, 'rsvp saved');
    return c.json(result, result.rsvp.updated ? 200 : 201);
  });
  return r;
}
