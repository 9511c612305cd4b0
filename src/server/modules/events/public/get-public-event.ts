import { and, eq, inArray, sql } from 'drizzle-orm';
import { BoundedCache } from '../../../../common/bounded-cache.ts';
import { SLUG_MAX_LENGTH } from '../../../../common/constants.ts';
import { hostedBy, MSG } from '../../../../common/messages.ts';
import { SAMPLE_PRODUCT } from '../../../../common/routes.ts';
import type { TPublicEvent } from '../../../../common/schemas/events.ts';
import type { Db } from '../../../db/client.ts';
import { event_themes, events } from '../../../db/schema/events.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { Logger } from '../../../logger.ts';
import { ensureSampleEvent } from '../../sample/ensure-sample-event.ts';
import { isUuid } from '../../../../common/schemas/ids.ts';
import { publicEventColumns } from '../../../domain/event-columns.ts';
import { formTicketTypesSql, publicTicketTypes } from '../../../domain/ticket-types-sql.ts';
import { chargesOf, eventChargesColumns } from '../../../domain/event-charges.ts';
import { ticket_types } from '../../../db/schema/tickets.ts';
import type { TPublicTicketType } from '../../../../common/schemas/ticket-types.ts';
import { formQuestionsSql } from '../../../domain/form-questions.ts';
import { displayNameSql } from '../../../domain/display-name.ts';
import { user } from '../../../db/schema/auth.ts';
import { eventTheme, eventThemeColumns } from '../../themes/theme-row.ts';
import type { PublicEventCache } from './public-event-cache.ts';

export type PublicEventKey = { id: string } | { slug: string };

/** The rendered head of an event page, cut around its seat figures (event-head-provider.ts). */
export type HeadParts = [string, string, string, string];

/** A public event plus a per-entry memo (its rendered head lives there while it is cached). */
export type PublicEventView = { event: TPublicEvent; memo: BoundedCache<string, HeadParts> };

/** Identifier priority (docs/product.md#public-event-page): query id, then query slug, then the path segment (id or slug). */
export function publicEventKey(q: { id?: string; slug?: string; path?: string }): PublicEventKey | null {
  if (q.id) return { id: q.id };
  if (q.slug) return { slug: q.slug.toLowerCase() };
  if (q.path) return isUuid(q.path) ? { id: q.path } : { slug: q.path.toLowerCase() };
  return null;
}

/**
 * seats_left, seats_held and going from the event's seat counter and, on a paid event with a cap, the
 * seats of it held by unpaid checkouts (issue 29): those are not going yet, and the page says so.
 */
function withSeats(event: TPublicEvent, showGuestCount: boolean, seatsTaken: number, held: number | null): TPublicEvent {
  const seats_left = event.max_attendees === null ? null : Math.max(0, event.max_attendees - seatsTaken);
  const seats_held = countsHeld(event) ? Math.min(held ?? 0, seatsTaken) : null;
  const going = showGuestCount ? seatsTaken - (seats_held ?? 0) : null;
  return seats_left === event.seats_left && going === event.going && seats_held === event.seats_held
    ? event
    : { ...event, seats_left, going, seats_held };
}

/** Held seats are counted on paid events with a cap (seat-figures.ts reads them for those only). */
const countsHeld = (e: Pick<TPublicEvent, 'is_paid_event' | 'max_attendees'>) => e.is_paid_event && e.max_attendees !== null;

/** The held-seat sum of a paid event with a cap, as seat-figures.ts reads it. */
const heldSeats = sql<string | null>`CASE WHEN ${events.is_paid_event} AND ${events.max_attendees} IS NOT NULL THEN (
  SELECT coalesce(sum(r.guest_count), 0) FROM event_rsvps r
  WHERE r.event_id = ${events.id} AND r.payment_status = 'pending' AND r.status = 'confirmed') END`;

/** The event's visible types with their counters read now (one indexed read). */
async function typesLeft(db: Db, types: TPublicTicketType[]): Promise<TPublicTicketType[]> {
  const rows = await db
    .select({ id: ticket_types.id, quantity: ticket_types.quantity, taken: ticket_types.seats_taken })
    .from(ticket_types)
    .where(
      inArray(
        ticket_types.id,
        types.map((t) => t.id),
      ),
    );
  return types.map((t) => {
    const r = rows.find((x) => x.id === t.id);
    return r ? { ...t, left: r.quantity === null ? null : Math.max(0, r.quantity - r.taken) } : t;
  });
}

/** Explicit columns only: no payment keys, no owner. Theme colours resolved. */
async function readPublicEvent(
  db: Db,
  key: PublicEventKey,
): Promise<{ event: TPublicEvent; seatsTaken: number; seatsVersion: number; seatsHeld: number | null } | null> {
  if ('id' in key && !isUuid(key.id)) return null;
  if ('slug' in key && (key.slug.length > SLUG_MAX_LENGTH || !/^[a-z0-9-]+$/.test(key.slug))) return null;
  const [row] = await db
    .select({
      ...publicEventColumns,
      seats_taken: events.seats_taken,
      seats_version: events.seats_version,
      seats_held: heldSeats,
      show_guest_count: events.show_guest_count,
      host_name: displayNameSql,
      questions: formQuestionsSql,
      ticket_types: formTicketTypesSql,
      charges: eventChargesColumns,
      ...eventThemeColumns,
    })
    .from(events)
    .leftJoin(event_themes, eq(event_themes.id, events.theme_id))
    .leftJoin(user, eq(user.id, events.user_id))
    .where(and('id' in key ? eq(events.id, key.id) : eq(events.slug, key.slug), eq(events.is_active, true)))
    .limit(1);
  if (!row) return null;
  const { seats_taken, seats_version, seats_held, show_guest_count, theme_name, theme_colors, ticket_types, charges, ...rest } = row;
  rest.host_line ??= rest.host_name === null ? null : hostedBy(rest.host_name);
  const held = seats_held === null ? null : Number(seats_held);
  const event: TPublicEvent = {
    ...rest,
    event_date: row.event_date.toISOString(),
    end_date: row.end_date?.toISOString() ?? null,
    ticket_price: row.ticket_price === null ? null : Number(row.ticket_price),
    seats_left: null,
    seats_held: null,
    going: null,
    theme: eventTheme({ theme_name, theme_colors }),
    ...(ticket_types.length ? { ticket_types: publicTicketTypes(ticket_types) } : {}),
    // docs/product.md#taxes-and-fees: an order of ticket types pays them; the page shows them before checkout.
    ...(ticket_types.length && (charges.tax_rate_bp || charges.booking_fee) ? { charges: chargesOf(charges) } : {}),
  };
  return {
    event: withSeats(event, show_guest_count, seats_taken, held),
    seatsTaken: seats_taken,
    seatsVersion: seats_version,
    seatsHeld: held,
  };
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
    // What is left of each ticket type, read fresh for the JSON API (docs/product.md#ticket-types): orders move no cached entry.
    const types = hit.event.ticket_types;
    if (seats === 'exact' && types?.length) hit.event = { ...hit.event, ticket_types: await typesLeft(db, types) };
    const e = hit.event;
    if (e.seats_left === null && e.going === null && e.max_attendees === null) return hit;
    if (seats === 'exact') {
      const now = await cache.seats.readingExact(e.id);
      if (now) hit.event = withSeats(e, e.going !== null, now.taken, now.held);
      return hit;
    }
    let taken = cache.seats.peek(e.id) ?? (await cache.seats.read(e.id));
    let held = countsHeld(e) ? cache.seats.heldOf(e.id) : null;
    if (held === undefined) {
      // A write of this process moved the counter since the held seats were read: one shared read of both.
      const now = await cache.seats.reading(e.id, true);
      taken = now?.taken ?? taken;
      held = now?.held ?? null;
    }
    if (taken !== null) hit.event = withSeats(e, e.going !== null, taken, held);
    return hit;
  }
  const ticket = cache.ticket();
  const readAt = performance.now();
  let found = await readPublicEvent(db, key);
  if (!found && 'slug' in key && key.slug === SAMPLE_PRODUCT && (await ensureSampleEvent({ db, log }))) {
    found = await readPublicEvent(db, key);
  }
  if (!found) return null;
  const { event, seatsTaken, seatsVersion, seatsHeld } = found;
  cache.seats.offer(event.id, seatsTaken, seatsVersion, readAt, seatsHeld);
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
