import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import type { SessionUser } from './auth.ts';
import { endSession, pastMaxAge } from './session-lifetime.ts';

/** Reads the session cookie (if any) into c.var.user, unless an API key already set it (auth/api-keys.ts). */
export const loadUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.user === undefined) {
    let session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (session && (pastMaxAge(c, session.session) || (session.user as { deactivatedAt?: Date | null }).deactivatedAt)) {
      await endSession(c, session.session.token);
      session = null;
    }
    const u = session?.user as (SessionUser & Record<string, unknown>) | undefined;
    c.set(
      'user',
      u ? { id: u.id, email: u.email, name: u.name, role: u.role ?? 'host', twoFactorEnabled: Boolean(u.twoFactorEnabled) } : null,
    );
  }
  await next();
};

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  await loadUser(c, async () => {});
  if (!c.var.user) throw new AppError('unauthenticated', 'Authentication required');
  await next();
};

/**
 * requireUser for the door's routes (/api/checkin, ADR 0014): a session this app read within
 * SESSION_CACHE_MS is taken from deps.caches.sessions instead of being read again (at 200 scans/s the
 * session read was a third of a redeem's round trips). Never caches "signed out".
 */
export const requireUserCached: MiddlewareHandler<AppEnv> = async (c, next) => {
  // An API key's account (auth/api-keys.ts): no session is read, whatever cookie came along.
  // c.get, not c.var, on the door's every request: c.var builds an object of all variables per read (issue 36).
  if (c.get('apiKey')) return next();
  const cookie = c.req.header('cookie');
  const sessions = c.get('deps').caches.sessions;
  const known = cookie ? sessions.get(cookie) : undefined;
  if (known) c.set('user', known);
  else {
    const since = sessions.begin();
    await loadUser(c, async () => {});
    const user = c.get('user');
    if (cookie && user) sessions.set(cookie, user, since);
  }
  if (!c.get('user')) throw new AppError('unauthenticated', 'Authentication required');
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireUser(c, async () => {});
  if (c.var.user?.role !== 'admin') throw new AppError('forbidden', 'Only the owner account can do this.');
  await next();
};

/** The signed-in user inside a handler behind requireUser. */
export function currentUser(c: { var: AppEnv['Variables'] }): SessionUser {
  if (!c.var.user) throw new AppError('unauthenticated', 'Authentication required');
  return c.var.user;
}
