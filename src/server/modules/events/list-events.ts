import { desc } from 'drizzle-orm';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { adminEventColumns, toAdminEvent } from './admin-event.ts';
import { type Actor, eventAccess } from './event-access.ts';

export type ListEventsOptions = { db: Db; actor: Actor };

/** Events the user owns or co-hosts, active and inactive, newest event date first. */
export async function listEvents({ db, actor }: ListEventsOptions): Promise<TEventAdmin[]> {
  const rows = await db
    .select(adminEventColumns(actor))
    .from(events)
    .where(eventAccess(actor, 'manage'))
    .orderBy(desc(events.event_date), desc(events.created_at));
  return rows.map(toAdminEvent);
}
