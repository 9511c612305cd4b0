import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { betterAuthError } from './better-auth-error.ts';
import { signInGuard } from './sign-in-guard.ts';

/** Headers of a Better Auth error answer that its rewrite in our shape keeps. */
const KEPT_HEADERS = ['retry-after', 'www-authenticate'];

/**
 * Better Auth's endpoints under /api/auth, with our rate limit and body check in front of sign-in.
 * Its successful answers pass through untouched (cookies!); every error answer is rewritten into
 * `{"error":{code,message,fields?}}` with the same status, Set-Cookie and Retry-After.
 */
export function authRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/sign-in/*', signInGuard());
  r.on(['GET', 'POST'], '/*', async (c) => {
    const res = await c.var.deps.auth.handler(c.req.raw);
    if (res.status < 400) return res;
    for (const cookie of res.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    for (const name of KEPT_HEADERS) {
      const value = res.headers.get(name);
      if (value) c.header(name, value);
    }
    throw await betterAuthError(res);
  });
  return r;
}
