import type { Context } from 'hono';
import type { AppEnv } from '../http/context.ts';

type SessionLike = { token: string; createdAt: Date | string } | null | undefined;

/** Whether a session is older than SESSION_MAX_DAYS (docs/product.md#sessions), however recently used. */
export function pastMaxAge(c: Context<AppEnv>, session: SessionLike, now = Date.now()): boolean {
  if (!session) return false;
  return now - new Date(session.createdAt).getTime() > c.var.deps.env.SESSION_MAX_DAYS * 86_400_000;
}

/** Ends a session past its absolute lifetime and clears its cookie on this answer; this app's session cache forgets it. */
export async function endSession(c: Context<AppEnv>, token: string) {
  const ctx = await c.var.deps.auth.$context;
  await ctx.internalAdapter.deleteSession(token);
  c.var.deps.caches.sessions.clear();
  const { name, attributes } = ctx.authCookies.sessionToken;
  const secure = attributes.secure ? '; Secure' : '';
  c.header('Set-Cookie', `${name}=; Max-Age=0; Path=${attributes.path ?? '/'}; HttpOnly; SameSite=Lax${secure}`, { append: true });
}

/**
 * GET /get-session through Better Auth, then the absolute lifetime: a session past it (or of a
 * deactivated account) is ended and the answer is `null`, as for any lost session.
 */
export async function getSessionWithMaxAge(c: Context<AppEnv>): Promise<Response> {
  const res = await c.var.deps.auth.handler(c.req.raw);
  if (!res.ok) return res;
  const data = (await res.clone().json()) as { session?: SessionLike; user?: { deactivatedAt?: string | null } } | null;
  // A session that outlived its account's deactivation (docs/decisions/0020-people.md) ends here too.
  if (!data?.session || (!pastMaxAge(c, data.session) && !data.user?.deactivatedAt)) return res;
  await endSession(c, data.session.token);
  return c.json(null);
}
