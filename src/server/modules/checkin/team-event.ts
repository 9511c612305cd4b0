import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { notFound } from '../../errors.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';

/** What a verdict shows of its event. */
export type CheckinEventRef = { id: string; title: string; image_url: string | null; is_paid_event: boolean };

export const checkinEventColumns = {
  id: events.id,
  title: events.title,
  image_url: events.image_url,
  is_paid_event: events.is_paid_event,
};

/**
 * The event, when the actor is on its team (owner, co-host or door staff: docs/decisions/0011-event-roles.md);
 * anyone else gets 404 as if it did not exist. Inactive events can still be checked in (a host may hide
 * the page once the doors open).
 */
export async function teamEvent(db: DbOrTx, actor: Actor, eventId: string): Promise<CheckinEventRef> {
  if (!isUuid(eventId)) throw notFound(MSG.eventNotFound);
  const [row] = await db
    .select(checkinEventColumns)
    .from(events)
    .where(and(eq(events.id, eventId), eventAccess(actor, 'checkin')))
    .limit(1);
  if (!row) throw notFound(MSG.eventNotFound);
  return row;
}
