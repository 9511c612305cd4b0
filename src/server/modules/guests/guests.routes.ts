import { createRoute, z } from '@hono/zod-openapi';
import { ZGuestListQuery } from '../../../common/schemas/guests.ts';
import { ZGuestList } from '../../../common/schemas/responses.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { errors, json, signedIn } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { ZEventIdParam } from '../events/event-access.ts';
import { listGuests } from './list-guests.ts';

const tags = ['Guests'];
const ZEventParam = z.object({ eventId: ZEventIdParam });

const listRoute = createRoute({
  method: 'get',
  path: '/api/events/{eventId}/rsvps',
  middleware: [requireUser] as const,
  summary: "One page of an event's guest list (40 a page), with the total and per-status counts",
  tags,
  security: signedIn,
  request: { params: ZEventParam, query: ZGuestListQuery },
  responses: { 200: json('The page, the total and the counts', ZGuestList), ...errors(400, 401, 404) },
});

/** The guest list of an event (docs/product.md#guest-list): owner and co-hosts only, anyone else 404 (ADR 0011). */
export function guestsRoutes() {
  const r = createRouter();
  r.openapi(listRoute, async (c) => {
    const list = await listGuests({
      db: c.var.deps.db,
      actor: currentUser(c),
      eventId: c.req.valid('param').eventId,
      query: c.req.valid('query'),
    });
    return c.json(list, 200, { 'Cache-Control': 'no-store' });
  });
  return r;
}
