import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { PERSON_ID_PATTERN } from '../../../common/schemas/people.ts';
import type { TPersonAnswer } from '../../../common/schemas/people.responses.ts';
import type { SessionUser } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { session, user } from '../../db/schema/auth.ts';
import { event_hosts, events } from '../../db/schema/events.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { announceAccountDeactivated } from '../../domain/checkin-hub.ts';
import { getPerson } from './list-people.ts';

export const PERSON_NOT_FOUND = 'No account with this id.';
const NOT_YOURSELF = 'You cannot deactivate your own account.';
const NOT_AN_OWNER = 'An owner account cannot be deactivated.';

export type SetAccountActiveOptions = { db: Db; log: Logger; actor: SessionUser; id: string };

/**
 * Deactivates an account (docs/decisions/0020-people.md): in one transaction it is marked, every
 * session of it is deleted (its next request is a 401 at once) and every event it owned passes to
 * the owner who deactivates it, guests, payments and team unchanged. Sign-in is refused from then on
 * (auth.ts). Owner accounts, the caller's own included, cannot be deactivated. Again on a deactivated
 * account: changes nothing.
 */
export async function deactivateAccount({ db, log, actor, id }: SetAccountActiveOptions): Promise<TPersonAnswer> {
  if (!PERSON_ID_PATTERN.test(id)) throw notFound(PERSON_NOT_FOUND);
  const transferred = await db.transaction(async (tx) => {
    const [target] = await tx.select({ role: user.role }).from(user).where(eq(user.id, id)).for('update');
    if (!target) throw notFound(PERSON_NOT_FOUND);
    if (id === actor.id) throw new AppError('bad_request', NOT_YOURSELF);
    if (target.role === 'admin') throw new AppError('bad_request', NOT_AN_OWNER);
    await tx
      .update(user)
      .set({ deactivatedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(user.id, id), isNull(user.deactivatedAt)));
    await tx.delete(session).where(eq(session.userId, id));
    await announceAccountDeactivated(tx, id); // its live check-in streams end on commit
    const moved = await tx
      .update(events)
      .set({ user_id: actor.id, updated_at: new Date() })
      .where(eq(events.user_id, id))
      .returning({ id: events.id });
    if (moved.length > 0) {
      // The owner now owns them: a co-host or door row of theirs on those events would only shadow that.
      const ids = moved.map((e) => e.id);
      await tx.delete(event_hosts).where(and(inArray(event_hosts.event_id, ids), eq(event_hosts.user_id, actor.id)));
    }
    return moved.length;
  });
  log.info({ userId: id, by: actor.id, eventsTransferred: transferred }, 'account deactivated');
  return { person: (await getPerson(db, id))!, events_transferred: transferred };
}

/** Lets a deactivated account sign in again. Its former events stay with the owner (ADR 0020). */
export async function reactivateAccount({ db, log, actor, id }: SetAccountActiveOptions): Promise<TPersonAnswer> {
  if (!PERSON_ID_PATTERN.test(id)) throw notFound(PERSON_NOT_FOUND);
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
  if (!row) throw notFound(PERSON_NOT_FOUND);
  const changed = await db
    .update(user)
    .set({ deactivatedAt: null, updatedAt: new Date() })
    .where(and(eq(user.id, id), isNotNull(user.deactivatedAt)))
    .returning({ id: user.id });
  if (changed.length) log.info({ userId: id, by: actor.id }, 'account reactivated');
  return { person: (await getPerson(db, id))!, events_transferred: 0 };
}
