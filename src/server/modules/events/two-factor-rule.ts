import { and, eq, inArray, not } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { TWO_FACTOR_REQUIRED } from '../../../common/messages.ts';
import { UUID_PATTERN } from '../../../common/schemas/ids.ts';
import { loadUser } from '../../auth/middleware.ts';
import { events } from '../../db/schema/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { getInstanceSettings } from '../people/instance-settings.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';

export const twoFactorRequired = () => new AppError('two_factor_required', TWO_FACTOR_REQUIRED);

/** The event id of a path under /api/events/{id}…, if any. */
const EVENT_PATH = /^\/api\/events\/([^/]+)(\/.*)?$/;

/** Whether this create (POST /api/events) or edit (PATCH /api/events/{id}) asks for a paid event. */
async function asksForPaid(c: Parameters<MiddlewareHandler<AppEnv>>[0], id: string | undefined, rest: string | undefined) {
  const editsEvent = (c.req.method === 'POST' && !id) || (c.req.method === 'PATCH' && id && !rest);
  if (!editsEvent) return false;
  const body: unknown = await c.req.raw
    .clone()
    .json()
    .catch(() => null);
  return Boolean(body && typeof body === 'object' && (body as { is_paid_event?: unknown }).is_paid_event === true);
}

/** The signed-in user the rule looks at: an actor and whether they sign in with two-factor. */
export type TwoFactorActor = Actor & { twoFactorEnabled: boolean };

/** Whether the owner's rule binds this user now: it is on, and they have no two-factor sign-in. */
export async function twoFactorRuleBinds(db: DbOrTx, actor: TwoFactorActor): Promise<boolean> {
  if (actor.twoFactorEnabled) return false;
  return (await getInstanceSettings(db)).require_two_factor_for_paid;
}

/**
 * The rule for a route outside /api/events that reads or changes one event's guests, tickets or jobs
 * (the QR backfill, job progress, bulk SMS progress): 403 `two_factor_required` when it binds the
 * user and the event is a paid one they manage; otherwise the route answers as it always does.
 */
export async function requireTwoFactorForEvent(db: DbOrTx, actor: TwoFactorActor, eventId: string | null): Promise<void> {
  if (!eventId || !UUID_PATTERN.test(eventId) || !(await twoFactorRuleBinds(db, actor))) return;
  const [managed] = await db
    .select({ paid: events.is_paid_event })
    .from(events)
    .where(and(eq(events.id, eventId), eventAccess(actor, 'manage')))
    .limit(1);
  if (managed?.paid) throw twoFactorRequired();
}

/** The events of `ids` this user may work on under the rule: all of them, or the free ones while it binds them. */
export async function eventsOpenTo(db: DbOrTx, actor: TwoFactorActor, ids: string[]): Promise<string[]> {
  if (!ids.length || !(await twoFactorRuleBinds(db, actor))) return ids;
  const free = await db
    .select({ id: events.id })
    .from(events)
    .where(and(inArray(events.id, ids), not(events.is_paid_event)));
  const open = new Set(free.map((e) => e.id));
  return ids.filter((id) => open.has(id));
}

/**
 * The owner's rule "two-factor for everyone who manages paid events" (docs/decisions/0020-people.md),
 * in front of every /api/events route: while it is on, a signed-in user without two-factor sign-in
 * gets 403 `two_factor_required` for anything under /api/events/{id} of a paid event they own or
 * co-host (the event, its team, guests, exports and messages), and for a create or edit that makes an
 * event paid. The list of one's events stays open (the admin shows a banner there); so does check-in,
 * the door's work. Anyone else falls through to the route, which answers as it always does. The routes
 * outside /api/events that touch one event's guests or tickets call requireTwoFactorForEvent; a QR
 * backfill over every event leaves out the paid ones (eventsOpenTo).
 */
export const twoFactorForPaidEvents: MiddlewareHandler<AppEnv> = async (c, next) => {
  await loadUser(c, async () => {});
  const actor = c.var.user;
  if (!actor || actor.twoFactorEnabled) return next();
  const [, id, rest] = EVENT_PATH.exec(c.req.path) ?? [];
  if (id !== undefined && !UUID_PATTERN.test(id)) return next();
  const wantsPaid = await asksForPaid(c, id, rest);
  if (!id && !wantsPaid) return next();
  const { db } = c.var.deps;
  if (!(await twoFactorRuleBinds(db, actor))) return next();
  if (!id) throw twoFactorRequired();
  const [managed] = await db
    .select({ paid: events.is_paid_event })
    .from(events)
    .where(and(eq(events.id, id), eventAccess(actor, 'manage')))
    .limit(1);
  if (managed && (managed.paid || wantsPaid)) throw twoFactorRequired();
  return next();
};
