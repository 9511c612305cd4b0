import { eq, or, type SQL, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { event_hosts, events } from '../../db/schema/events.ts';

/** Who is asking: the signed-in user. */
export type Actor = { id: string; email: string };

/**
 * The authorization rule of every events endpoint, as a WHERE condition: the actor owns the event
 * or their e-mail is in its host list. A foreign or unknown id simply finds nothing (→ 404).
 */
export function managedBy(actor: Actor): SQL {
  const email = actor.email.trim().toLowerCase();
  return or(
    eq(events.user_id, actor.id),
    sql`exists (select 1 from ${event_hosts} where ${event_hosts.event_id} = ${events.id} and ${event_hosts.email} = ${email})`,
  ) as SQL;
}

/** 'owner' or 'cohost', computed in the same query. */
export function roleOf(actor: Actor) {
  return sql<'owner' | 'cohost'>`case when ${events.user_id} = ${actor.id} then 'owner' else 'cohost' end`;
}

/** An event id in a path: anything but a uuid names no event (404, validation.ts) and never reaches a uuid column. */
export const ZEventIdParam = zUuid(MSG.eventNotFound);
