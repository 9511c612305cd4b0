import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { notFound } from '../../errors.ts';
import { adminEventColumns, toAdminEvent } from './admin-event.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';

export type GetEventOptions = { db: DbOrTx; actor: Actor; id: string };

/** One event the user manages; 404 for anyone else (the rule is part of the query). */
export async function getEvent({ db, actor, id }: GetEventOptions): Promise<TEventAdmin> {
  if (!isUuid(id)) throw notFound(MSG.eventNotFound);
  const [row] = await db
    .select(adminEventColumns(actor))
    .from(events)
    .where(and(eq(events.id, id), eventAccess(actor, 'manage')))
    .limit(1);
  if (!row) throw notFound(MSG.eventNotFound);
  return toAdminEvent(row);
}
