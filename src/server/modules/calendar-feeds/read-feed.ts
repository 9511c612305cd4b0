import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_EVENT_HOURS } from '../../../common/constants.ts';
import { buildIcsFeed } from '../../../common/ics.ts';
import { SAMPLE_EVENT_CONTENT } from '../../../common/sample-event.ts';
import { CALENDAR_FEED_MAX_AGE_SEC, CALENDAR_FEED_MAX_EVENTS, CALENDAR_FEED_PAST_DAYS } from '../../../common/schemas/calendar-feeds.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { eventIcsEntry } from '../../domain/event-calendar.ts';
import { eventAccess } from '../../domain/event-access.ts';
import { FEED_TOKEN_PATTERN, hashFeedToken } from './feed-token.ts';

/** The name a calendar app gives the feed of all one's events. */
export const ALL_EVENTS_FEED_NAME = 'Turnout: events you host';

/**
 * The feed a token opens, as an .ics file (docs/product.md#calendar-feed), or null (404) for an unknown or
 * turned-off token or a deactivated account. Access is read now, not when the link was made: an event whose
 * team the user left, an inactive event, a deleted one and the demo event are not in it. The events are the
 * user's as owner or co-host (door staff see theirs in the door app), from CALENDAR_FEED_PAST_DAYS ago on;
 * an event's own feed has that one event whatever its date.
 */
export async function readCalendarFeed(opts: { db: Db; baseUrl: string; token: string }): Promise<string | null> {
  const { db, baseUrl, token } = opts;
  if (!FEED_TOKEN_PATTERN.test(token)) return null;
  const { rows } = await db.execute<{ user_id: string; event_id: string | null }>(sql`
    select f.user_id, f.event_id from calendar_feeds f join "user" u on u.id = f.user_id
    where f.secret_hash = ${hashFeedToken(token)} and u.deactivated_at is null`);
  const feed = rows[0];
  if (!feed) return null;
  const actor = { id: feed.user_id, email: '' };
  const which = feed.event_id
    ? eq(events.id, feed.event_id)
    : sql`coalesce(${events.end_date}, ${events.event_date} + make_interval(hours => ${DEFAULT_EVENT_HOURS}))
        >= now() - make_interval(days => ${CALENDAR_FEED_PAST_DAYS})`;
  const list = await db
    .select({
      id: events.id,
      title: events.title,
      subtitle: events.subtitle,
      location: events.location,
      event_date: events.event_date,
      end_date: events.end_date,
    })
    .from(events)
    .where(and(which, eq(events.is_active, true), ne(events.slug, SAMPLE_EVENT_CONTENT.slug), eventAccess(actor, 'manage')))
    .orderBy(asc(events.event_date), asc(events.id))
    .limit(CALENDAR_FEED_MAX_EVENTS);
  const name = feed.event_id ? (list[0]?.title ?? 'Turnout event') : ALL_EVENTS_FEED_NAME;
  return buildIcsFeed({
    name,
    refreshMinutes: CALENDAR_FEED_MAX_AGE_SEC / 60,
    events: list.map((e) => eventIcsEntry(e, baseUrl)),
  });
}
