import { asc } from 'drizzle-orm';
import type { TCheckinEvent } from '../../../common/schemas/checkin.responses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { type Actor, eventAccess, roleOf } from '../../domain/event-access.ts';

/** The events the user may check in (owner, co-host, door staff), soonest first, with their role. */
export async function listCheckinEvents(db: DbOrTx, actor: Actor): Promise<TCheckinEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      event_date: events.event_date,
      end_date: events.end_date,
      timezone: events.timezone,
      location: events.location,
      image_url: events.image_url,
      is_paid_event: events.is_paid_event,
      role: roleOf(actor),
    })
    .from(events)
    .where(eventAccess(actor, 'checkin'))
    .orderBy(asc(events.event_date), asc(events.id));
  return rows.map((r) => ({ ...r, event_date: r.event_date.toISOString(), end_date: r.end_date?.toISOString() ?? null }));
}
