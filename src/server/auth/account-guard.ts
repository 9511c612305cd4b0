import type { MiddlewareHandler } from 'hono';
import { emailDeliveryOf } from '../../common/email-delivery.ts';
import { ZRequestPasswordReset } from '../../common/schemas/auth.ts';
import { malformedJson } from '../errors.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/context.ts';
import { enforce, type LimitRule, tooManyRequests } from '../http/rate-limit.ts';
import { validationError } from '../http/validation.ts';
import { isWrongPassword } from './better-auth-error.ts';
import { currentUser, requireUser } from './middleware.ts';
import { spendPasswordGuess } from './sign-in-guard.ts';

/** Limits of the account forms (docs/decisions/0018-accounts.md), on top of AUTH_LIMITS. */
export const ACCOUNT_LIMITS = {
  /** Recovery requests from one client. */
  recoveryPerIp: { name: 'recovery-ip', points: 5, windowSec: 15 * 60 },
  /** Recovery e-mails to one address, whoever asks: an inbox is not flooded. */
  recoveryPerAddress: { name: 'recovery-address', points: 3, windowSec: 60 * 60 },
  /** New-password submissions of a recovery link from one client (a token cannot be guessed by volume). */
  resetPerIp: { name: 'reset-ip', points: 10, windowSec: 15 * 60 },
  /** Password checks of one signed-in account (change password, change e-mail): guesses of the current one. */
  passwordChecksPerUser: { name: 'password-check-user', points: 5, windowSec: 15 * 60 },
  /** Change-of-e-mail requests of one account: each queues a confirmation mail. */
  changeEmailPerUser: { name: 'change-email-user', points: 5, windowSec: 15 * 60 },
  /** Confirmation mails to one new address, whichever accounts ask: an inbox is not flooded. */
  changeEmailPerAddress: { name: 'change-email-address', points: 3, windowSec: 60 * 60 },
  /** Second-factor codes from one client (Better Auth also locks the account's factor after repeated failures). */
  twoFactorPerIp: { name: 'two-factor-ip', points: 10, windowSec: 60 },
} as const satisfies Record<string, LimitRule>;

/**
 * A recovery request answers after at least this long, whether or not the address has an account and
 * whatever the outbox took: its timing tells nothing (docs/product.md#password-recovery).
 */
export const RECOVERY_ANSWER_MS = 600;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** In front of POST /request-password-reset: limits per client and per address, then a fixed answer time. */
export function recoveryGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await enforce(c, ACCOUNT_LIMITS.recoveryPerIp, clientIp(c));
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => {
        throw malformedJson();
      });
    const parsed = ZRequestPasswordReset.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    await enforce(c, ACCOUNT_LIMITS.recoveryPerAddress, parsed.data.email);
    try {
      await next();
      // The page says whether the link is on its way or only in the dev mailbox (src/common/email-delivery.ts).
      if (c.res.status === 200 && c.res.headers.get('content-type')?.includes('application/json')) {
        const answer = (await c.res.clone().json()) as Record<string, unknown>;
        c.res = c.json({ ...answer, email_delivery: emailDeliveryOf(c.var.deps.env) }, 200);
      }
    } finally {
      const left = RECOVERY_ANSWER_MS - (performance.now() - started);
      if (left > 0) await sleep(left);
    }
  };
}

/** In front of POST /reset-password: one client's submissions are limited. */
export const resetGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  await enforce(c, ACCOUNT_LIMITS.resetPerIp, clientIp(c));
  await next();
};

/**
 * In front of the endpoints that check the current password: signed in first, then one account's
 * attempts are limited, and a wrong password is a failed sign-in of this client on this account
 * (SIGN_IN_LIMITS, counted as sign-in-guard.ts does): one budget of guesses, and clients without
 * failures of their own still sign in (ADR 0009).
 */
export const passwordCheckGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireUser(c, async () => {});
  const { id, email } = currentUser(c);
  await enforce(c, ACCOUNT_LIMITS.passwordChecksPerUser, id);
  await spendPasswordGuess(c, email, clientIp(c), next, () => isWrongPassword(c.error));
};

/** In front of /two-factor/verify-*: one client's codes are limited. */
export const twoFactorGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  await enforce(c, ACCOUNT_LIMITS.twoFactorPerIp, clientIp(c));
  await next();
};
