import { eq, sql } from 'drizzle-orm';
import { GUEST_LIST_PAGE_SIZE } from '../../../common/constants.ts';
import { MSG } from '../../../common/messages.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { TGuestListQueryParsed } from '../../../common/schemas/guests.ts';
import type { TGuestList } from '../../../common/schemas/responses.ts';
import type { Db } from '../../db/client.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import type { Actor } from '../events/event-access.ts';
import { requireEventAccess } from '../events/managed-event.ts';
import { guestOrder, guestWhere } from './guest-query.ts';
import { guestRowColumns, toGuestRow } from './guest-row.ts';

export type ListGuestsOptions = { db: Db; actor: Actor; eventId: string; query: TGuestListQueryParsed };

/**
 * One page (GUEST_LIST_PAGE_SIZE) of an event's guest list with the matching total and per-status
 * counts (docs/product.md#guest-list). Owner or co-host only; anyone else 404.
 */
export async function listGuests({ db, actor, eventId, query }: ListGuestsOptions): Promise<TGuestList> {
  if (!isUuid(eventId)) throw notFound(MSG.eventNotFound);
  const where = guestWhere(actor, eventId, query);
  const offset = (query.page - 1) * GUEST_LIST_PAGE_SIZE;
  const [rows, [totals]] = await Promise.all([
    db
      .select(guestRowColumns)
      .from(event_rsvps)
      .leftJoin(rsvp_pins, eq(rsvp_pins.rsvp_id, event_rsvps.id))
      .where(where)
      .orderBy(...guestOrder(query.sort, query.dir, { search: Boolean(query.q) }))
      .limit(GUEST_LIST_PAGE_SIZE)
      .offset(offset),
    db
      .select({
        total: sql<number>`count(*)::int`,
        confirmed: sql<number>`count(*) filter (where ${event_rsvps.status} = 'confirmed')::int`,
        maybe: sql<number>`count(*) filter (where ${event_rsvps.status} = 'maybe')::int`,
        declined: sql<number>`count(*) filter (where ${event_rsvps.status} = 'declined')::int`,
      })
      .from(event_rsvps)
      .where(where),
  ]);
  // Nothing matched: an empty list of an event the actor manages, or an event they may not see (404).
  if (totals!.total === 0) await requireEventAccess({ db, actor, id: eventId, need: 'manage' });
  return {
    rows: rows.map(toGuestRow),
    total: totals!.total,
    page: query.page,
    page_size: GUEST_LIST_PAGE_SIZE,
    page_confirmed: rows.filter((r) => r.status === 'confirmed').length,
    page_declined: rows.filter((r) => r.status === 'declined').length,
    totals: { confirmed: totals!.confirmed, maybe: totals!.maybe, declined: totals!.declined },
  };
}
