import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { type Actor, eventAccess } from './event-access.ts';
import { deniedAccess } from './managed-event.ts';
import type { PublicEventCache } from './public/public-event-cache.ts';

/** `publicEvents`: the app's (deps.caches.publicEvents). */
export type DeleteEventOptions = { db: Db; log: Logger; publicEvents: PublicEventCache; actor: Actor; id: string };

/** Hard delete by the owner (docs/product.md#event-status): RSVPs, hosts and invitations go with it (ON DELETE CASCADE). */
export async function deleteEvent({ db, log, publicEvents, actor, id }: DeleteEventOptions): Promise<void> {
  if (!isUuid(id)) throw notFound(MSG.eventNotFound);
  const rows = await db
    .delete(events)
    .where(and(eq(events.id, id), eventAccess(actor, 'owner')))
    .returning({ id: events.id });
  if (!rows.length) throw await deniedAccess({ db, actor, id, need: 'owner', action: 'delete' });
  publicEvents.invalidate(id);
  log.info({ eventId: id }, 'event deleted');
}
