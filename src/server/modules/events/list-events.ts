import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { TEventListItem } from '../../../common/schemas/events.responses.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { adminEventColumns, toAdminEvent } from './admin-event.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';

export type ListEventsOptions = { db: Db; actor: Actor };

/**
 * Events the user owns or co-hosts, active and inactive, newest event date first, each with its
 * card's numbers (docs/product.md#guest-list): guests going from the seat counter, and the RSVPs per
 * status and the seats held at unpaid checkouts from one grouped aggregate over event_rsvps for all
 * listed events — one query for the whole list, never one per card.
 */
export async function listEvents({ db, actor }: ListEventsOptions): Promise<TEventListItem[]> {
  const managed = db.select({ id: events.id }).from(events).where(eventAccess(actor, 'manage'));
  const counts = db
    .select({
      event_id: event_rsvps.event_id,
      confirmed: sql<number>`count(*) filter (where ${event_rsvps.status} = 'confirmed')::int`.as('confirmed'),
      maybe: sql<number>`count(*) filter (where ${event_rsvps.status} = 'maybe')::int`.as('maybe'),
      declined: sql<number>`count(*) filter (where ${event_rsvps.status} = 'declined')::int`.as('declined'),
      held: sql<number>`coalesce(sum(${event_rsvps.guest_count}) filter (where ${event_rsvps.status} = 'confirmed' and ${event_rsvps.payment_status} = 'pending'), 0)::int`.as(
        'held',
      ),
    })
    .from(event_rsvps)
    .where(inArray(event_rsvps.event_id, managed))
    .groupBy(event_rsvps.event_id)
    .as('counts');
  const rows = await db
    .select({
      ...adminEventColumns(actor),
      max_attendees: events.max_attendees,
      confirmed: counts.confirmed,
      maybe: counts.maybe,
      declined: counts.declined,
      held: counts.held,
    })
    .from(events)
    .leftJoin(counts, eq(counts.event_id, events.id))
    .where(eventAccess(actor, 'manage'))
    .orderBy(desc(events.event_date), desc(events.created_at));
  return rows.map(({ confirmed, maybe, declined, held, ...row }) => ({
    ...toAdminEvent(row),
    counts: {
      going_guests: row.seats_taken,
      going_rsvps: confirmed ?? 0,
      maybe: maybe ?? 0,
      declined: declined ?? 0,
      held_seats: held ?? 0,
      spots_left: row.max_attendees === null ? null : Math.max(0, row.max_attendees - row.seats_taken),
    },
  }));
}
