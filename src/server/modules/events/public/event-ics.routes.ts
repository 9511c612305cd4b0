import { createRoute, z } from '@hono/zod-openapi';
import { MSG } from '../../../../common/messages.ts';
import { zText } from '../../../../common/schemas/text.ts';
import { type LimitRule, rateLimitByIp } from '../../../http/rate-limit.ts';
import { errors } from '../../../http/openapi.ts';
import { createRouter } from '../../../http/validation.ts';
import { loadRsvpEvent } from '../../rsvps/load-rsvp-event.ts';
import { eventIcs } from '../../../domain/event-calendar.ts';

/** As generous as the public event read: a party behind one venue Wi-Fi address adds the event at once. */
const READS: LimitRule = { name: 'event-ics', points: 1200, windowSec: 60 };

const calendarRoute = createRoute({
  method: 'get',
  path: '/{eventId}/calendar.ics',
  middleware: [rateLimitByIp(READS)] as const,
  summary: "An active event's calendar file (.ics), for Apple Calendar and others",
  tags: ['Public events'],
  request: { params: z.object({ eventId: zText({ invalid: MSG.eventNotFound }).max(100, MSG.eventNotFound) }) },
  responses: {
    200: { description: 'The event as an iCalendar file', content: { 'text/calendar': { schema: { type: 'string' } } } },
    ...errors(404, 429),
  },
});

/**
 * /api/public/events/{eventId}/calendar.ics: the "Apple (.ics)" link of the e-mails (docs/product.md#e-mails).
 * No sign-in; active events only (404 otherwise); the event's explicit columns (load-rsvp-event.ts, its short cache).
 */
export function eventIcsRoutes() {
  const r = createRouter();
  r.openapi(calendarRoute, async (c) => {
    const { db, env } = c.var.deps;
    const event = await loadRsvpEvent({ db, cache: c.var.deps.caches.rsvpEvents, eventId: c.req.valid('param').eventId });
    return c.body(eventIcs(event, env.PUBLIC_BASE_URL), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="event.ics"',
      'Cache-Control': 'no-cache',
    });
  });
  return r;
}
