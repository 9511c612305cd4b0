import { and, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { TWO_FACTOR_REQUIRED } from '../../../common/messages.ts';
import { UUID_PATTERN } from '../../../common/schemas/ids.ts';
import { loadUser } from '../../auth/middleware.ts';
import { events } from '../../db/schema/events.ts';
import { AppError } from '../../errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { getInstanceSettings } from '../people/instance-settings.ts';
import { eventAccess } from '../../domain/event-access.ts';

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

/**
 * The owner's rule "two-factor for everyone who manages paid events" (docs/decisions/0020-people.md),
 * in front of every /api/events route: while it is on, a signed-in user without two-factor sign-in
 * gets 403 `two_factor_required` for anything under /api/events/{id} of a paid event they own or
 * co-host (the event, its team, guests, exports and messages), and for a create or edit that makes an
 * event paid. The list of one's events stays open (the admin shows a banner there); so does check-in,
 * the door's work. Anyone else falls through to the route, which answers as it always does.
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
  if (!(await getInstanceSettings(db)).require_two_factor_for_paid) return next();
  if (!id) throw twoFactorRequired();
  const [managed] = await db
    .select({ paid: events.is_paid_event })
    .from(events)
    .where(and(eq(events.id, id), eventAccess(actor, 'manage')))
    .limit(1);
  if (managed && (managed.paid || wantsPaid)) throw twoFactorRequired();
  return next();
};
