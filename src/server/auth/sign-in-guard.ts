import type { Context, MiddlewareHandler, Next } from 'hono';
import { ZSignIn } from '../../common/schemas/auth.ts';
import { AppError, malformedJson } from '../errors.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/context.ts';
import { enforce, type LimitRule, tooManyRequests } from '../http/rate-limit.ts';
import { validationError } from '../http/validation.ts';

/**
 * Sign-in limits (docs/decisions/0009-shared-rate-limits.md). A stranger's failures never block the
 * real user's correct password: failures count per account *and* client, and only a client that has
 * itself failed is refused.
 */
export const SIGN_IN_LIMITS = {
  /** Every attempt from one address. */
  perIp: { name: 'signin-ip', points: 10, windowSec: 60 },
  /** Failures of one client on one account: that pair is refused after 5 (a success clears them). */
  failuresPerClient: { name: 'signin-fail', points: 5, windowSec: 15 * 60 },
  /**
   * Failures on one account from every client: past 10 the account is under attack, and any client
   * with a failure of its own on it waits out its window; clients without one still sign in.
   */
  failuresPerAccount: { name: 'signin-fail-account', points: 10, windowSec: 15 * 60 },
} as const satisfies Record<string, LimitRule>;

/**
 * One guess of `email`'s password from `ip` (sign-in, and the current-password checks of
 * account-guard.ts): its points are taken before Better Auth answers, in one atomic statement each, so
 * parallel guesses cannot all pass a check made before any was counted; only a guess that `failed()`
 * keeps them, and a success clears the client's failures.
 */
export async function spendPasswordGuess(c: Context<AppEnv>, email: string, ip: string, next: Next, failed: () => boolean): Promise<void> {
  const { limits } = c.var;
  const mine = await limits.hit(SIGN_IN_LIMITS.failuresPerClient, email, ip);
  if (mine.over) throw tooManyRequests(mine.retryAfter);
  const account = await limits.hit(SIGN_IN_LIMITS.failuresPerAccount, email);
  if (account.over && mine.count > 1) {
    await limits.refund(SIGN_IN_LIMITS.failuresPerClient, email, ip);
    throw tooManyRequests(mine.retryAfter);
  }
  try {
    await next();
  } finally {
    if (!failed()) {
      await Promise.all([
        c.res.ok ? limits.reset(SIGN_IN_LIMITS.failuresPerClient, email, ip) : limits.refund(SIGN_IN_LIMITS.failuresPerClient, email, ip),
        // Not counted when this process refused the key from memory: nothing to give back.
        account.count > 0 ? limits.refund(SIGN_IN_LIMITS.failuresPerAccount, email) : undefined,
      ]);
    }
  }
}

/**
 * In front of Better Auth's sign-in: our rate limits and (for e-mail sign-in) a JSON body checked by
 * the SPA's own schema, so a bad one is a 400 naming email/password. Better Auth reads the body itself.
 */
export function signInGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ip = clientIp(c);
    await enforce(c, SIGN_IN_LIMITS.perIp, ip);
    if (!c.req.path.endsWith('/sign-in/email')) return next();
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError('unsupported_media_type', 'Send the sign-in as JSON.');
    }
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => {
        throw malformedJson();
      });
    const parsed = ZSignIn.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);

    await spendPasswordGuess(c, parsed.data.email, ip, next, () => c.res.status === 401);
  };
}
