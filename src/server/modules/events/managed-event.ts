import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { type Actor, managedBy } from './event-access.ts';

export type ManagedEventOptions = { db: DbOrTx; actor: Actor; id: string; lock?: boolean };

/** The id and title of an event the actor manages, else 404 (for sub-resources such as hosts). */
export async function requireManagedEvent({ db, actor, id, lock }: ManagedEventOptions): Promise<{ id: string; title: string }> {
  if (!isUuid(id)) throw notFound(MSG.eventNotFound);
  const q = db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.id, id), managedBy(actor)))
    .limit(1);
  const [row] = lock ? await q.for('share') : await q;
  if (!row) throw notFound(MSG.eventNotFound);
  return row;
}
