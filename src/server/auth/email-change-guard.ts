import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { EMAIL_HAS_PENDING_PLACE } from '../../common/messages.ts';
import { ZChangeEmail } from '../../common/schemas/auth.ts';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { enforce } from '../http/rate-limit.ts';
import { hasPendingPlace } from '../domain/team-places.ts';
import { enqueueEmail } from '../domain/enqueue.ts';
import { emailChangedEmail } from './account-emails.ts';
import { ACCOUNT_LIMITS } from './account-guard.ts';
import { currentUser, requireUser } from './middleware.ts';

/**
 * A change of e-mail never inherits a team place or an invitation (issue 29, docs/product.md#account):
 * an address that one waits for is refused when the change is asked for and again when its link is
 * opened (and, underneath, by auth.ts's user-update hook); the old address is told once it changed.
 */

const pendingPlace = (field?: string) =>
  new AppError('conflict', EMAIL_HAS_PENDING_PLACE, field ? { [field]: EMAIL_HAS_PENDING_PLACE } : undefined);

/**
 * In front of POST /change-email (after checkAuthBody): signed in, limited per account and per new
 * address (each request mails that address), then 409 on `newEmail` when a place or invitation waits for it.
 */
export const changeEmailGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireUser(c, async () => {});
  const parsed = ZChangeEmail.safeParse(
    await c.req.raw
      .clone()
      .json()
      .catch(() => null),
  );
  await enforce(c, ACCOUNT_LIMITS.changeEmailPerUser, currentUser(c).id);
  if (parsed.success) await enforce(c, ACCOUNT_LIMITS.changeEmailPerAddress, parsed.data.newEmail);
  if (parsed.success && (await hasPendingPlace(c.var.deps.db, parsed.data.newEmail))) throw pendingPlace('newEmail');
  await next();
};

/** What a verify-email token says (Better Auth checks its signature; this only reads it). */
function tokenClaims(token: string | undefined): { userId?: string; updateTo?: string } {
  const part = token?.split('.')[1];
  if (!part) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (!claims || typeof claims !== 'object') return {};
    const { userId, updateTo } = claims as Record<string, unknown>;
    return { userId: typeof userId === 'string' ? userId : undefined, updateTo: typeof updateTo === 'string' ? updateTo : undefined };
  } catch {
    return {};
  }
}

const addressOf = async (db: Db, id: string) => (await db.select({ email: user.email }).from(user).where(eq(user.id, id)))[0]?.email;

/**
 * In front of GET /verify-email (the new address's confirmation link): refused when a place now waits
 * for that address (back to the account page with ?error=, like Better Auth's bad links); once the
 * account's address has changed, the old one gets "Your Turnout e-mail address was changed".
 */
export const verifyEmailGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db } = c.var.deps;
  const token = c.req.query('token');
  const claims = tokenClaims(token);
  if (claims.updateTo && (await hasPendingPlace(db, claims.updateTo))) {
    const back = c.req.query('callbackURL');
    if (back && /^\/(?![/\\])/.test(back)) {
      return c.redirect(`${back}${back.includes('?') ? '&' : '?'}error=EMAIL_HAS_PENDING_PLACE`, 302);
    }
    throw pendingPlace();
  }
  const before = claims.userId ? await addressOf(db, claims.userId) : undefined;
  await next();
  if (!claims.userId || !before || !token) return;
  const after = await addressOf(db, claims.userId);
  if (after && after !== before) {
    const key = createHash('sha256').update(token).digest('hex').slice(0, 32);
    await enqueueEmail(db, `email-changed:${key}`, emailChangedEmail({ to: before, newEmail: after }));
  }
};
