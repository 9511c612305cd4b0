import { createHmac } from 'node:crypto';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { TOTP_CODE_USED } from '../../common/messages.ts';
import type { Db } from '../db/client.ts';
import { session, twoFactor } from '../db/schema/auth.ts';
import { two_factor_used_steps } from '../db/schema/two-factor-steps.ts';

/** Better Auth's TOTP settings (auth.ts sets none): 30 s steps, 6 digits, a code valid one step either side. */
const PERIOD_SEC = 30;
const DIGITS = 6;
const WINDOW = 1;
const VERIFY_TOTP = '/two-factor/verify-totp';

/** RFC 4226 HOTP (HMAC-SHA-1, dynamic truncation) of `counter`, as Better Auth computes it. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** The time step within the window around `now` whose code is `code` (the latest, if several), else null. */
export function matchingStep(key: Buffer, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / 1000 / PERIOD_SEC);
  let found: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) if (hotp(key, step) === code) found = step;
  return found;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose code this is, as Better Auth's verify-totp finds them: the session (turning two-factor on), else the sign-in's two-factor cookie. */
async function userOf(ctx: HookContext, db: Db): Promise<string | null> {
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (token) {
    const [row] = await db
      .select({ userId: session.userId })
      .from(session)
      .where(and(eq(session.token, token), gt(session.expiresAt, new Date())));
    if (row) return row.userId;
  }
  const pending = await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret);
  if (!pending) return null;
  return (await ctx.context.internalAdapter.findVerificationValue(pending))?.value ?? null;
}

/**
 * Better Auth's `hooks.before`: a TOTP code is accepted once. Before /two-factor/verify-totp runs, the
 * time step the code belongs to is claimed for its user (two_factor_used_steps, exact across
 * processes); a code whose step was claimed already — replayed, or sent twice at once — is refused
 * with 400 on `code`. A wrong code is left to Better Auth, which refuses and counts it
 * (docs/product.md#two-factor-sign-in).
 */
export function refuseReusedTotp(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== VERIFY_TOTP) return;
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string' || !/^\d+$/.test(code)) return;
    const userId = await userOf(ctx, db);
    if (!userId) return;
    const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    if (!row) return;
    const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
    const step = matchingStep(Buffer.from(secret, 'utf8'), code);
    if (step === null) return;
    const claimed = await db
      .insert(two_factor_used_steps)
      .values({ user_id: userId, step })
      .onConflictDoNothing()
      .returning({ step: two_factor_used_steps.step });
    if (!claimed.length) throw APIError.from('BAD_REQUEST', { code: 'TOTP_CODE_USED', message: TOTP_CODE_USED });
    // Steps out of every window now can never match again.
    await db
      .delete(two_factor_used_steps)
      .where(and(eq(two_factor_used_steps.user_id, userId), lt(two_factor_used_steps.step, step - 2 * WINDOW)));
  });
}
