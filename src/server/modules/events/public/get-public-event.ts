import { and, eq } from 'drizzle-orm';
import { BoundedCache } from '../../../../common/bounded-cache.ts';
import { SLUG_MAX_LENGTH } from '../../../../common/constants.ts';
import { MSG } from '../../../../common/messages.ts';
import { SAMPLE_PRODUCT } from '../../../../common/routes.ts';
import type { TPublicEvent } from '../../../../common/schemas/events.ts';
import type { Db } from '../../../db/client.ts';
import { event_themes, events } from '../../../db/schema/events.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { Logger } from '../../../logger.ts';
import { ensureSampleEvent } from '../../sample/ensure-sample-event.ts';
import { isUuid } from '../../../../common/schemas/ids.ts';
import { publicEventColumns } from '../../../domain/event-columns.ts';
import { eventTheme, eventThemeColumns } from '../../themes/theme-row.ts';
import type { PublicEventCache } from './public-event-cache.ts';

export type PublicEventKey = { id: string } | { slug: string };

/** The rendered head of an event page, cut around its seat figures (event-head-provider.ts). */
export type HeadParts = [string, string, string];

/** A public event plus a per-entry memo (its rendered head lives there while it is cached). */
export type PublicEventView = { event: TPublicEvent; memo: BoundedCache<string, HeadParts> };

/** Identifier priority (docs/product.md#public-event-page): query id, then query slug, then the path segment (id or slug). */
export function publicEventKey(q: { id?: string; slug?: string; path?: string }): PublicEventKey | null {
  if (q.id) return { id: q.id };
  if (q.slug) return { slug: q.slug.toLowerCase() };
  if (q.path) return isUuid(q.path) ? { id: q.path } : { slug: q.path.toLowerCase() };
  return null;
}

/** seats_left and going from the event's seat counter. */
function withSeats(event: TPublicEvent, showGuestCount: boolean, seatsTaken: number): TPublicEvent {
  const seats_left = event.max_attendees === null ? null : Math.max(0, event.max_attendees - seatsTaken);
  const going = showGuestCount ? seatsTaken : null;
  return seats_left === event.seats_left && going === event.going ? event : { ...event, seats_left, going };
}

/** Explicit columns only: no payment keys, no owner. Theme colours resolved. */
async function readPublicEvent(
  db: Db,
  key: PublicEventKey,
): Promise<{ event: TPublicEvent; seatsTaken: number; seatsVersion: number } | null> {
  if ('id' in key && !isUuid(key.id)) return null;
  if ('slug' in key && (key.slug.length > SLUG_MAX_LENGTH || !/^[a-z0-9-]+$/.test(key.slug))) return null;
  const [row] = await db
    .select({
      ...publicEventColumns,
      seats_taken: events.seats_taken,
      seats_version: events.seats_version,
      show_guest_count: events.show_guest_count,
      ...eventThemeColumns,
    })
    .from(events)
    .leftJoin(event_themes, eq(event_themes.id, events.theme_id))
    .where(and('id' in key ? eq(events.id, key.id) : eq(events.slug, key.slug), eq(events.is_active, true)))
    .limit(1);
  if (!row) return null;
  const { seats_taken, seats_version, show_guest_count, theme_name, theme_colors, ...rest } = row;
  const event: TPublicEvent = {
    ...rest,
    event_date: row.event_date.toISOString(),
    end_date: row.end_date?.toISOString() ?? null,
    ticket_price: row.ticket_price === null ? null : Number(row.ticket_price),
    seats_left: null,
    going: null,
    theme: eventTheme({ theme_name, theme_colors }),
  };
  return { event: withSeats(event, show_guest_count, seats_taken), seatsTaken: seats_taken, seatsVersion: seats_version };
}

/**
 * `cache`: the app's (deps.caches.publicEvents). `seats`: 'cached' (the page: a figure at most
 * SEAT_FIGURE_MAX_AGE_MS old) or 'exact' (the JSON API, which the page refetches after an answer).
 */
export type FindPublicEventOptions = { db: Db; log: Logger; cache: PublicEventCache; key: PublicEventKey; seats?: 'cached' | 'exact' };

/**
 * An active event by id or slug, from the app's cache when it can be trusted; null when none. A cached
 * event gets its seats left (and guests going) from the briefly cached seat counter (ADR 0016), so an
 * RSVP rush never drops the cached event or its rendered page; the entry keeps the latest figures.
 */
export async function findPublicEvent({ db, log, cache, key, seats = 'cached' }: FindPublicEventOptions): Promise<PublicEventView | null> {
  const hit = cache.get(key);
  if (hit) {
    const e = hit.event;
    if (e.seats_left === null && e.going === null && e.max_attendees === null) return hit;
    const taken = seats === 'exact' ? await cache.seats.readExact(e.id) : (cache.seats.peek(e.id) ?? (await cache.seats.read(e.id)));
    if (taken !== null) hit.event = withSeats(e, e.going !== null, taken);
    return hit;
  }
  const ticket = cache.ticket();
  const readAt = performance.now();
  let found = await readPublicEvent(db, key);
  if (!found && 'slug' in key && key.slug === SAMPLE_PRODUCT && (await ensureSampleEvent({ db, log }))) {
    found = await readPublicEvent(db, key);
  }
  if (!found) return null;
  const { event, seatsTaken, seatsVersion } = found;
  cache.seats.offer(event.id, seatsTaken, seatsVersion, readAt);
  cache.set(event, ticket);
  return cache.get(key) ?? { event, memo: new BoundedCache({ maxEntries: 4 }) };
}

/** As findPublicEvent, but 400 without an identifier and 404 'Event not found' when none. */
export async function getPublicEvent(opts: Omit<FindPublicEventOptions, 'key'> & { key: PublicEventKey | null }): Promise<TPublicEvent> {
  if (!opts.key) throw new AppError('bad_request', MSG.noEventIdentifier);
  const found = await findPublicEvent({ ...opts, key: opts.key });
  if (!found) throw notFound(MSG.eventNotFound);
  return found.event;
}
