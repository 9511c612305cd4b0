import { createRoute, z } from '@hono/zod-openapi';
import { ZShortLinkInput } from '../../../common/schemas/guests.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { ZShortLink } from '../../../common/schemas/guests.responses.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { errors, json, jsonBody, signedInOrKey } from '../../http/openapi.ts';
import { type LimitRule, rateLimitByIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { RSVP_NOT_FOUND } from '../guests/get-guest.ts';
import { createShortLink } from './create-short-link.ts';
import { resolveShortLink } from './resolve-short-link.ts';

const tags = ['Short links'];

/** Opening /s/{code} per client address (docs/product.md#limits-and-constants): a guessed code costs a hit. */
export const SHORT_LINK_LIMIT: LimitRule = { name: 'short-link-ip', points: 60, windowSec: 60 };

const createLinkRoute = createRoute({
  method: 'post',
  path: '/api/events/{eventId}/rsvps/{rsvpId}/short-link',
  middleware: requireUser,
  summary: "A short link to a confirmed guest's ticket (one per RSVP and target while the ticket stays the same)",
  tags,
  security: signedInOrKey('guests:write'),
  request: { params: z.object({ eventId: ZEventIdParam, rsvpId: zUuid(RSVP_NOT_FOUND) }), ...jsonBody(ZShortLinkInput) },
  responses: {
    200: json('The existing link', ZShortLink),
    201: json('A new link', ZShortLink),
    ...errors(400, 401, 404, 409, 413, 415),
  },
});

const openLinkRoute = createRoute({
  method: 'get',
  path: '/s/{code}',
  middleware: rateLimitByIp(SHORT_LINK_LIMIT),
  summary: 'Open a short link: 302 to its target; an unknown code, or one of a rotated ticket, gets the 404 page',
  tags,
  request: { params: z.object({ code: z.string().meta({ description: '7 or more base62 characters', example: 'aZ3k9Qx2' }) }) },
  responses: {
    302: { description: 'To the ticket page' },
    404: { description: "The app's 404 page (HTML)", content: { 'text/html': { schema: { type: 'string' } } } },
    ...errors(429),
  },
});

/** Short links /s/{code} to guests' tickets (docs/product.md#short-links). */
export function shortLinksRoutes() {
  const r = createRouter();
  r.openapi(createLinkRoute, async (c) => {
    const { eventId, rsvpId } = c.req.valid('param');
    const { link, created } = await createShortLink({
      db: c.var.deps.db,
      actor: currentUser(c),
      baseUrl: c.var.deps.env.PUBLIC_BASE_URL,
      eventId,
      rsvpId,
    });
    c.var.log.info({ eventId, rsvpId, created }, 'short link');
    return c.json(link, created ? 201 : 200);
  });
  r.openapi(openLinkRoute, async (c, next) => {
    const target = await resolveShortLink({ db: c.var.deps.db, baseUrl: c.var.deps.env.PUBLIC_BASE_URL, code: c.req.valid('param').code });
    if (target) return c.redirect(target, 302);
    // Unknown or stale: the SPA's not-found page with status 404 (http/spa.ts; /s/… is no app route).
    await next();
    return c.res as never;
  });
  return r;
}
