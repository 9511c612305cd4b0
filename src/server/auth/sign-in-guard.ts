import type { MiddlewareHandler } from 'hono';
import { ZSignIn } from '../../common/schemas/auth.ts';
import { AppError, malformedJson } from '../errors.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/context.ts';
import { enforce, RateLimiter, tooManyRequests } from '../http/rate-limit.ts';
import { validationError } from '../http/validation.ts';

// Sign-in: 10 tries a minute per address; 5 failures per 15 minutes per account e-mail (a success
// clears them, so signing in often never locks anyone out).
const perIp = new RateLimiter(10, 60_000);
const failuresPerEmail = new RateLimiter(5, 15 * 60_000);

/**
 * In front of Better Auth's sign-in: our rate limits, then (for e-mail sign-in) a JSON body checked
 * by the SPA's own schema, so a bad one is a 400 naming email/password. Better Auth reads the body itself.
 */
export function signInGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    enforce(c, perIp, `signin:${clientIp(c)}`);
    const byEmail = c.req.path.endsWith('/sign-in/email');
    if (byEmail && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError('unsupported_media_type', 'Send the sign-in as JSON.');
    }
    let body: unknown;
    try {
      body = await c.req.raw.clone().json();
    } catch {
      if (byEmail) throw malformedJson();
    }
    const email = (body as { email?: unknown } | null | undefined)?.email;
    const account = typeof email === 'string' && c.var.deps.env.RATE_LIMIT ? `signin:${email.trim().toLowerCase()}` : null;
    const wait = account ? failuresPerEmail.spent(account) : 0;
    if (wait) throw tooManyRequests(wait);
    if (byEmail) {
      const parsed = ZSignIn.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error);
    }
    await next();
    if (!account) return;
    if (c.res.status === 401) failuresPerEmail.hit(account);
    else if (c.res.ok) failuresPerEmail.reset(account);
  };
}
