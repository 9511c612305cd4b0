import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import type { SessionUser } from './auth.ts';
import { endSession, pastMaxAge } from './session-lifetime.ts';

/** Reads the session cookie (if any) into c.var.user. */
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
