import { and, eq, isNull, sql } from 'drizzle-orm';
import { absoluteUrl } from '../../../common/hrefs.ts';
import { calendarFeedHref, type TCalendarFeed, webcalUrl } from '../../../common/schemas/calendar-feeds.ts';
import type { Db } from '../../db/client.ts';
import { calendar_feeds } from '../../db/schema/calendar-feeds.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { feedToken, hashFeedToken, newFeedSecret } from './feed-token.ts';

/**
 * The signed-in user's calendar feeds (docs/product.md#calendar-feed): `eventId` null is the feed of all the
 * events they host, else that one event's (owner and co-hosts only: anyone else gets 404 from requireEventAccess).
 */
export type FeedScope = { db: Db; actor: Actor; eventId: string | null; env: { AUTH_SECRET: string; PUBLIC_BASE_URL: string } };

const ofScope = (userId: string, eventId: string | null) =>
  and(eq(calendar_feeds.user_id, userId), eventId ? eq(calendar_feeds.event_id, eventId) : isNull(calendar_feeds.event_id));

async function checkEvent(o: FeedScope) {
  if (o.eventId) await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
}

/** The link as the account page shows it; null addresses when the secret can no longer be rebuilt (AUTH_SECRET changed). */
function toFeed(o: FeedScope, row: { nonce: string; secret_hash: string; created_at: Date }): TCalendarFeed {
  const token = feedToken(o.env.AUTH_SECRET, row.nonce);
  const url = hashFeedToken(token) === row.secret_hash ? absoluteUrl(o.env.PUBLIC_BASE_URL, calendarFeedHref(token)) : null;
  return { url, webcal_url: url && webcalUrl(url), created_at: row.created_at.toISOString() };
}

export async function getCalendarFeed(o: FeedScope): Promise<TCalendarFeed | null> {
  await checkEvent(o);
  const [row] = await o.db
    .select({ nonce: calendar_feeds.nonce, secret_hash: calendar_feeds.secret_hash, created_at: calendar_feeds.created_at })
    .from(calendar_feeds)
    .where(ofScope(o.actor.id, o.eventId));
  return row ? toFeed(o, row) : null;
}

/** Turns the feed on, or gives it a new link: the old link stops working in the same statement. */
export async function makeCalendarFeed(o: FeedScope): Promise<TCalendarFeed> {
  await checkEvent(o);
  const { nonce, hash } = newFeedSecret(o.env.AUTH_SECRET);
  const [row] = await o.db
    .insert(calendar_feeds)
    .values({ user_id: o.actor.id, event_id: o.eventId, nonce, secret_hash: hash })
    .onConflictDoUpdate({
      target: o.eventId ? [calendar_feeds.user_id, calendar_feeds.event_id] : [calendar_feeds.user_id],
      targetWhere: o.eventId ? sql`${calendar_feeds.event_id} is not null` : sql`${calendar_feeds.event_id} is null`,
      set: { nonce, secret_hash: hash, created_at: sql`now()` },
    })
    .returning({ nonce: calendar_feeds.nonce, secret_hash: calendar_feeds.secret_hash, created_at: calendar_feeds.created_at });
  return toFeed(o, row!);
}

/** Turns the feed off: its link answers 404 from the next request (nothing caches feeds). Off already: nothing to do. */
export async function turnOffCalendarFeed(o: FeedScope): Promise<void> {
  await checkEvent(o);
  await o.db.delete(calendar_feeds).where(ofScope(o.actor.id, o.eventId));
}
