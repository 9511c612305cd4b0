import { z } from 'zod';

/** A calendar feed's events: from this many days before now, so last month's events stay in the calendar. */
export const CALENDAR_FEED_PAST_DAYS = 30;
/** At most this many events in one feed (the nearest first after the past window). */
export const CALENDAR_FEED_MAX_EVENTS = 500;
/** How long a calendar app and any cache may keep a feed before asking again (Cache-Control, REFRESH-INTERVAL). */
export const CALENDAR_FEED_MAX_AGE_SEC = 300;

/**
 * A private calendar feed (docs/product.md#calendar-feed): its https address (Google Calendar's "From URL")
 * and the same address as webcal:// (opens the calendar app). Both are null when the link can no longer be
 * shown (the server's AUTH_SECRET changed): a new link shows one again.
 */
export const ZCalendarFeed = z
  .strictObject({
    url: z.string().nullable(),
    webcal_url: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'CalendarFeed' });
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;

/** The feed, or null while it is off. */
export const ZCalendarFeedAnswer = z.strictObject({ feed: ZCalendarFeed.nullable() }).meta({ id: 'CalendarFeedAnswer' });
export type TCalendarFeedAnswer = z.infer<typeof ZCalendarFeedAnswer>;

/** The feed's path on the server (GET /cal/{token}.ics) — the one place its shape is written. */
export const calendarFeedHref = (token: string) => `/cal/${encodeURIComponent(token)}.ics`;

/** The https address as webcal://, which calendar apps open as a subscription. */
export const webcalUrl = (httpsUrl: string) => httpsUrl.replace(/^https?:\/\//i, 'webcal://');
