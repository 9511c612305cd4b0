import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CALENDAR_FEED_MAX_AGE_SEC, ZCalendarFeedAnswer } from '../../../common/schemas/calendar-feeds.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { notFound } from '../../errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { errors, json, signedIn } from '../../http/openapi.ts';
import { enforce, type LimitRule, rateLimitByIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { type FeedScope, getCalendarFeed, makeCalendarFeed, turnOffCalendarFeed } from './calendar-feeds.ts';
import { readCalendarFeed } from './read-feed.ts';

/** Feed reads per client address: calendar apps poll every few minutes; a guessed token costs a hit. */
export const CALENDAR_FEED_READS: LimitRule = { name: 'calendar-feed-ip', points: 120, windowSec: 60 };
/** New links one account makes in an hour (each replaces a secret). */
const MAKES_PER_ACCOUNT: LimitRule = { name: 'calendar-feed-make', points: 30, windowSec: 60 * 60 };

const MSG_NO_FEED = 'No such calendar feed: the link was turned off or replaced.';
const tags = ['Calendar feeds'];
const guarded = { middleware: requireUser, tags, security: signedIn };
const ZEvent = z.object({ eventId: ZEventIdParam });

/** The three account routes of one feed: the user's (no event) or one event's. */
function feedRoutes(path: string, what: string, params?: typeof ZEvent) {
  const request = params ? { params } : {};
  const notFoundToo = params ? ([404] as const) : ([] as const);
  return {
    get: createRoute({
      method: 'get',
      path,
      summary: `${what}: its link, or null while it is off`,
      ...guarded,
      request,
      responses: { 200: json('The feed', ZCalendarFeedAnswer), ...errors(401, 403, ...notFoundToo) },
    }),
    make: createRoute({
      method: 'post',
      path,
      summary: `Turn on ${what.toLowerCase()}, or give it a new link: the old link stops working at once`,
      ...guarded,
      request,
      responses: { 201: json('The feed and its new link', ZCalendarFeedAnswer), ...errors(401, 403, 429, ...notFoundToo) },
    }),
    off: createRoute({
      method: 'delete',
      path,
      summary: `Turn off ${what.toLowerCase()}: its link answers 404 from the next request`,
      ...guarded,
      request,
      responses: { 204: { description: 'Off' }, ...errors(401, 403, ...notFoundToo) },
    }),
  };
}

const mine = feedRoutes('/api/account/calendar-feed', 'The calendar feed of all the events you host');
const ofEvent = feedRoutes('/api/events/{eventId}/calendar-feed', "An event's own calendar feed (owner and co-hosts)", ZEvent);

const readRoute = createRoute({
  method: 'get',
  path: '/cal/{file}',
  middleware: rateLimitByIp(CALENDAR_FEED_READS),
  summary: 'A private calendar feed (subscribe with webcal://): no sign-in, the token is the credential',
  description: `\`{file}\` is \`{token}.ics\`. Times in UTC; one UID per event, so calendar apps update entries in place. Cached privately for ${CALENDAR_FEED_MAX_AGE_SEC} s.`,
  tags,
  request: { params: z.object({ file: z.string().meta({ description: 'The token and `.ics`', example: 'cal_…43 characters….ics' }) }) },
  responses: {
    200: { description: 'The feed as an iCalendar file', content: { 'text/calendar': { schema: { type: 'string' } } } },
    ...errors(404, 429),
  },
});

/** The event of a route already validated by ZEvent (the generic routes above lose its type). */
const eventIdOf = (c: Context<AppEnv>) => ZEvent.parse(c.req.param()).eventId;

/** Calendar feeds (docs/product.md#calendar-feed, ADR 0036): the account's and an event's (a session only, never a key), and /cal/{token}.ics. */
export function calendarFeedsRoutes() {
  const r = createRouter();
  const scope = (c: Context<AppEnv>, eventId: string | null): FeedScope => ({
    db: c.var.deps.db,
    actor: currentUser(c),
    eventId,
    env: c.var.deps.env,
  });
  r.openapi(mine.get, async (c) => c.json({ feed: await getCalendarFeed(scope(c, null)) }, 200));
  r.openapi(mine.make, async (c) => {
    await enforce(c, MAKES_PER_ACCOUNT, currentUser(c).id);
    return c.json({ feed: await makeCalendarFeed(scope(c, null)) }, 201);
  });
  r.openapi(mine.off, async (c) => {
    await turnOffCalendarFeed(scope(c, null));
    return c.body(null, 204);
  });
  r.openapi(ofEvent.get, async (c) => c.json({ feed: await getCalendarFeed(scope(c, eventIdOf(c))) }, 200));
  r.openapi(ofEvent.make, async (c) => {
    await enforce(c, MAKES_PER_ACCOUNT, currentUser(c).id);
    return c.json({ feed: await makeCalendarFeed(scope(c, eventIdOf(c))) }, 201);
  });
  r.openapi(ofEvent.off, async (c) => {
    await turnOffCalendarFeed(scope(c, eventIdOf(c)));
    return c.body(null, 204);
  });
  r.openapi(readRoute, async (c) => {
    const file = c.req.valid('param').file;
    const ics = file.endsWith('.ics')
      ? await readCalendarFeed({ db: c.var.deps.db, baseUrl: c.var.deps.env.PUBLIC_BASE_URL, token: file.slice(0, -4) })
      : null;
    if (ics === null) throw notFound(MSG_NO_FEED);
    return c.body(ics, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': `private, max-age=${CALENDAR_FEED_MAX_AGE_SEC}`,
      'Content-Disposition': 'inline; filename="turnout.ics"',
    });
  });
  return r;
}
