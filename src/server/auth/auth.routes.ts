import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { clientIp } from '../http/client-ip.ts';
import { enforce, RateLimiter } from '../http/rate-limit.ts';

// Sign-in: 10 tries a minute per address, 5 per 15 minutes per account e-mail.
const perIp = new RateLimiter(10, 60_000);
const perEmail = new RateLimiter(5, 15 * 60_000);

/** Better Auth's endpoints under /api/auth, with our rate limit in front of sign-in. */
export function authRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/sign-in/*', async (c, next) => {
    enforce(c, perIp, `signin:${clientIp(c)}`);
    const body = (await c.req.raw
      .clone()
      .json()
      .catch(() => ({}))) as { email?: unknown };
    if (typeof body.email === 'string') enforce(c, perEmail, `signin:${body.email.trim().toLowerCase()}`);
    await next();
  });
  r.on(['GET', 'POST'], '/*', (c) => c.var.deps.auth.handler(c.req.raw));
  return r;
}
