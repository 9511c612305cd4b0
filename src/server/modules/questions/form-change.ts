import type { Context } from 'hono';
import { currentUser } from '../../auth/middleware.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { AppEnv } from '../../http/context.ts';
import type { Actor } from '../../domain/event-access.ts';
import { notifyFormChanged } from '../../domain/form-questions.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import type { Logger } from '../../logger.ts';

/** What every change of an event's questions is given. */
export type FormChangeOptions = {
  db: Db;
  log: Logger;
  actor: Actor;
  eventId: string;
  /** The app's public event cache (deps.caches.publicEvents): it forgets the event's form at once. */
  publicEvents: { invalidate(id: string): void };
};

/**
 * A change of the RSVP form by its owner or a co-host (door staff and strangers: 404, ADR 0011), in one
 * transaction that holds the event row (changes of one form go one at a time) and tells every process
 * the form changed; this app's cached copy goes after the commit.
 */
export async function changeForm<T>(opts: FormChangeOptions, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await opts.db.transaction(async (tx) => {
    await requireEventAccess({ db: tx, actor: opts.actor, id: opts.eventId, lock: true, need: 'manage' });
    const value = await change(tx);
    await notifyFormChanged(tx, opts.eventId);
    return value;
  });
  opts.publicEvents.invalidate(opts.eventId);
  return result;
}

/** A route's FormChangeOptions: the signed-in actor, the app's database, logger and public event cache. */
export const formChange = (c: Context<AppEnv>, eventId: string): FormChangeOptions => ({
  db: c.var.deps.db,
  log: c.var.log,
  actor: currentUser(c),
  eventId,
  publicEvents: c.var.deps.caches.publicEvents,
});
