import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import type { SessionUser } from './auth.ts';
import { endSession, pastMaxAge } from './session-lifetime.ts';

/**
 * Reads the session cookie (if any) into c.var.user, unless an API key already set it (auth/api-keys.ts).
 * A signed-in user this app read within SESSION_CACHE_MS for the same Cookie header is taken from
 * deps.caches.sessions instead (ADR 0039, after the door's ADR 0014): Better Auth's read (the cookie's
 * HMAC, the session and user queries) was a fifth of a guest search's server CPU. This process forgets
 * every cached session at once when one ends here (auth.routes.ts, endSession, deactivation); one ended
 * in another process stops working here within SESSION_CACHE_MS. "Signed out" is never cached, and what
 * an account may do with an event (event_hosts) is checked per request, never here.
 */
export const loadUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  // c.get, not c.var, on every signed-in request: c.var builds an object of all variables per read (issue 36).
  if (c.get('user') === undefined) {
    const cookie = c.req.header('cookie');
    const sessions = c.get('deps').caches.sessions;
    const known = cookie ? sessions.get(cookie) : undefined;
    if (known) c.set('user', known);
    else {
      const since = sessions.begin();
      const user = await readSession(c);
      c.set('user', user);
      if (cookie && user) sessions.set(cookie, user, since);
    }
  }
  await next();
};

/** Better Auth's session for this request, ended (null) when past its absolute lifetime or its account is deactivated. */
async function readSession(c: Context<AppEnv>): Promise<SessionUser | null> {
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  const u = session.user as SessionUser & { deactivatedAt?: Date | null; role?: string | null };
  if (pastMaxAge(c, session.session) || u.deactivatedAt) {
    await endSession(c, session.session.token);
    return null;
  }
  return { id: u.id, email: u.email, name: u.name, role: u.role ?? 'host', twoFactorEnabled: Boolean(u.twoFactorEnabled) };
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  await loadUser(c, async () => {});
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
