import { eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type EventRole, OWNER_ONLY } from '../../common/event-roles.ts';
import { MSG } from '../../common/messages.ts';
import { zUuid } from '../../common/schemas/ids.ts';
import { event_hosts, events } from '../db/schema/events.ts';
import { AppError } from '../errors.ts';

/** Who is asking: the signed-in user. */
export type Actor = { id: string; email: string };
/** The actor as a condition needs it: the id, or a placeholder for it in a statement built once (list-guests.ts). */
export type ActorRef = { id: string | Placeholder };

/**
 * What an action needs (docs/decisions/0011-event-roles.md): `checkin` = anyone on the event's team
 * (owner, co-host, door staff: the check-in screens); `manage` = the owner or a listed co-host
 * (content and guests); `owner` = the event's owner only (delete, payment settings, the team).
 * A site admin is nobody special here: admin only opens the dev mailbox.
 */
export type EventNeed = 'owner' | 'manage' | 'checkin';

/**
 * The authorization rule of every endpoint that touches an event or its guests, as a WHERE condition
 * on `events`: the one place that says who may do what. A foreign or unknown id simply finds nothing.
 */
export function eventAccess(actor: ActorRef, need: EventNeed): SQL {
  const owns = eq(events.user_id, actor.id);
  if (need === 'owner') return owns;
  const roles = need === 'manage' ? sql`and ${event_hosts.role} = 'cohost'` : sql``;
  // A team place counts for the account bound to it, never for whoever has its e-mail text now (issue 29).
  return or(
    owns,
    sql`exists (select 1 from ${event_hosts} where ${event_hosts.event_id} = ${events.id} and ${event_hosts.user_id} = ${actor.id} ${roles})`,
  ) as SQL;
}

/** 'owner', 'cohost' or 'door', computed in the same query (null when the actor is not on the team). */
export function roleOf(actor: Actor) {
  return sql<EventRole>`case when ${events.user_id} = ${actor.id} then 'owner'
    else (select ${event_hosts.role} from ${event_hosts} where ${event_hosts.event_id} = ${events.id} and ${event_hosts.user_id} = ${actor.id}) end`;
}

export type OwnerOnlyAction = keyof typeof OWNER_ONLY;

/** A co-host asked for an owner-only action: 403, saying what only the owner may do (on `fields`, if given). */
export function ownerOnly(action: OwnerOnlyAction, fields?: readonly string[]): AppError {
  const message = OWNER_ONLY[action];
  return new AppError('forbidden', message, fields ? Object.fromEntries(fields.map((f) => [f, message])) : undefined);
}

/**
 * An API key asked to make an event paid or to change its payment settings: that needs a signed-in
 * session, since where the money goes is worth more than a key (docs/decisions/0029-api-keys.md).
 */
export function paymentNeedsSession(fields: readonly string[]): AppError {
  const message = 'Payment settings need a signed-in session: API keys cannot set or change them.';
  return new AppError('api_key_not_allowed', message, Object.fromEntries(fields.map((f) => [f, message])));
}

/** An event id in a path: anything but a uuid names no event (404, validation.ts) and never reaches a uuid column. */
export const ZEventIdParam = zUuid(MSG.eventNotFound);
