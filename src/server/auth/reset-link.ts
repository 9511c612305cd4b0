import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '../../common/schemas/email.ts';
import { notFound } from '../errors.ts';
import { type Auth, RESET_LINK_MINUTES, resetPasswordLink } from './auth.ts';

/**
 * A password-recovery link made on the server itself, for `npm run user:reset-password` (docs/product.md#password-recovery):
 * the owner's way back in when no e-mail can reach them. It is Better Auth's own reset token — the
 * `reset-password:<token>` verification row its /reset-password consumes — so it works once and
 * expires after RESET_LINK_MINUTES, exactly like the e-mailed link.
 */
export async function createResetLink(opts: { auth: Auth; baseUrl: string; email: string }): Promise<{ link: string; expiresAt: Date }> {
  const ctx = await opts.auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(normalizeEmail(opts.email));
  if (!found) throw notFound(`No account signs in with ${opts.email}.`);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000);
  await ctx.internalAdapter.createVerificationValue({ value: found.user.id, identifier: `reset-password:${token}`, expiresAt });
  return { link: resetPasswordLink(opts.baseUrl, token), expiresAt };
}
