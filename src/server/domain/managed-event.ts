import { and, eq } from 'drizzle-orm';
import { MSG } from '../../common/messages.ts';
import type { DbOrTx } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { isUuid } from '../../common/schemas/ids.ts';
import { type AppError, notFound } from '../errors.ts';
import { type Actor, eventAccess, type OwnerOnlyAction, ownerOnly } from './event-access.ts';

/** `checkin`: anyone on the team; `manage`: owner or co-host; `owner` names the owner-only action, for the co-host's 403. */
export type EventAccessNeed = { need: 'manage' | 'checkin' } | { need: 'owner'; action: OwnerOnlyAction };

export type RequireEventAccessOptions = { db: DbOrTx; actor: Actor; id: string; lock?: boolean } & EventAccessNeed;

/** The id and title of an event the actor may act on as `need` says, else 403 or 404 (see deniedAccess). */
export async function requireEventAccess(opts: RequireEventAccessOptions): Promise<{ id: string; title: string }> {
  const { db, actor, id, lock } = opts;
  if (!isUuid(id)) throw notFound(MSG.eventNotFound);
  const q = db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.id, id), eventAccess(actor, opts.need)))
    .limit(1);
  const [row] = lock ? await q.for('share') : await q;
  if (!row) throw await deniedAccess(opts);
  return row;
}

/**
 * Why a query guarded by eventAccess(actor, need) found nothing: a co-host who asked for an
 * owner-only action gets 403 naming it; anyone else 404, as if the event did not exist.
 */
export async function deniedAccess(opts: { db: DbOrTx; actor: Actor; id: string } & EventAccessNeed): Promise<AppError> {
  if (opts.need === 'owner' && isUuid(opts.id)) {
    const [cohosted] = await opts.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, opts.id), eventAccess(opts.actor, 'manage')))
      .limit(1);
    if (cohosted) return ownerOnly(opts.action);
  }
  return notFound(MSG.eventNotFound);
}
