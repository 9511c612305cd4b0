import { createRoute, z } from '@hono/zod-openapi';
import { MSG } from '../../../../common/messages.ts';
import { ZLegacyRsvp } from '../../../../common/schemas/events.ts';
import { ZPublicEventAnswer, ZPublicEventSeats } from '../../../../common/schemas/events.responses.ts';
import { ZLegacyRsvpResult } from '../../../../common/schemas/rsvps.responses.ts';
import { zText } from '../../../../common/schemas/text.ts';
import { type LimitRule, rateLimitByIp } from '../../../http/rate-limit.ts';
import { errors, json, jsonBody } from '../../../http/openapi.ts';
import { createRouter } from '../../../http/validation.ts';
import { submitLegacyRsvp } from '../../sample/submit-legacy-rsvp.ts';
import { ZEventIdParam } from '../../../domain/event-access.ts';
import { findPublicEvent, getPublicEvent, publicEventKey } from './get-public-event.ts';
import { notFound } from '../../../errors.ts';

/** Generous: a whole party behind one venue Wi-Fi address opens the page at once. */
const READS: LimitRule = { name: 'public-event', points: 1200, windowSec: 60 };
const LEGACY_RSVPS: LimitRule = { name: 'legacy-rsvp', points: 20, windowSec: 10 * 60 };

const tags = ['Public events'];

const byQuery = createRoute({
  method: 'get',
  path: '/',
  middleware: [rateLimitByIp(READS)] as const,
  summary: 'Read an active event by ?id= or ?slug=',
  tags,
  request: { query: z.object({ id: zText().max(100).optional(), slug: zText().max(100).optional() }) },
  responses: { 200: json('An active event', ZPublicEventAnswer), ...errors(400, 404, 429) },
});

const byPath = createRoute({
  method: 'get',
  path: '/{idOrSlug}',
  middleware: [rateLimitByIp(READS)] as const,
  summary: 'Read an active event by id or slug',
  tags,
  request: { params: z.object({ idOrSlug: zText({ invalid: MSG.eventNotFound }).max(100, MSG.eventNotFound) }) },
  responses: { 200: json('An active event', ZPublicEventAnswer), ...errors(404, 429) },
});

/** A shared cache may keep the seat figures a second; browsers ask every time (ADR 0025). */
const PUBLIC_SEATS_CACHE = 'public, max-age=0, s-maxage=1';

const seatsRoute = createRoute({
  method: 'get',
  path: '/{eventId}/seats',
  summary: "An active event's seats left, guests going and seats held",
  description:
    'What the public event page asks for right after it loads, since its HTML may come from a shared cache a few seconds old. ' +
    'Answered from the figures the page itself would carry (at most 250 ms old), never a database write; a shared cache may keep it 1 s.',
  tags,
  request: { params: z.object({ eventId: ZEventIdParam }) },
  responses: { 200: json("The event's seat figures", ZPublicEventSeats), ...errors(404) },
});

const legacyRsvp = createRoute({
  method: 'post',
  path: '/{id}/legacy-rsvp',
  middleware: [rateLimitByIp(LEGACY_RSVPS)] as const,
  summary: "Answer the sample page's legacy form (preferred name, phone, yes/no)",
  tags,
  request: { params: z.object({ id: ZEventIdParam }), ...jsonBody(ZLegacyRsvp) },
  responses: {
    200: json('This phone number already answered: nothing changed', ZLegacyRsvpResult),
    201: json('RSVP stored', ZLegacyRsvpResult),
    ...errors(400, 403, 404, 409, 413, 415, 422, 429),
  },
});

/** /api/public/events: no sign-in; active events only; explicit columns only. */
export function publicEventsRoutes() {
  const r = createRouter();
  r.openapi(byQuery, async (c) => {
    const { db } = c.var.deps;
    const event = await getPublicEvent({
      db,
      log: c.var.log,
      cache: c.var.deps.caches.publicEvents,
      key: publicEventKey(c.req.valid('query')),
      seats: 'exact',
    });
    c.header('Cache-Control', 'no-cache');
    return c.json({ event }, 200);
  });
  r.openapi(byPath, async (c) => {
    const { db } = c.var.deps;
    const event = await getPublicEvent({
      db,
      log: c.var.log,
      cache: c.var.deps.caches.publicEvents,
      key: publicEventKey({ path: c.req.valid('param').idOrSlug }),
      seats: 'exact',
    });
    c.header('Cache-Control', 'no-cache');
    return c.json({ event }, 200);
  });
  r.openapi(seatsRoute, async (c) => {
    const { db, log, caches } = c.var.deps;
    const found = await findPublicEvent({ db, log, cache: caches.publicEvents, key: { id: c.req.valid('param').eventId } });
    if (!found) throw notFound(MSG.eventNotFound);
    const { seats_left, going, seats_held } = found.event;
    return c.json({ seats_left, going, seats_held }, 200, { 'Cache-Control': PUBLIC_SEATS_CACHE });
  });
  r.openapi(legacyRsvp, async (c) => {
    const { db, env } = c.var.deps;
    const result = await submitLegacyRsvp({
      db,
      log: c.var.log,
      config: { baseUrl: env.PUBLIC_BASE_URL, signingKey: env.TICKET_SIGNING_KEY },
      eventId: c.req.valid('param').id,
      input: c.req.valid('json'),
    });
    return c.json(result, result.already_answered ? 200 : 201);
  });
  return r;
}
