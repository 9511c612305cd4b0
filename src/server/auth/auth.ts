import { createHash } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins';
import type { Db } from '../db/client.ts';
import { account, session, twoFactor, user, verification } from '../db/schema/auth.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../common/constants.ts';
import type { Env } from '../env.ts';
import { betterAuthLogger, type Logger } from '../logger.ts';
import { enqueueEmail } from '../domain/enqueue.ts';
import { changeEmailEmail, passwordResetEmail } from './account-emails.ts';
import { refuseReusedTotp } from './totp-replay.ts';
import { generateBackupCodes } from './backup-codes.ts';
import { ACCOUNT_DEACTIVATED, EMAIL_HAS_PENDING_PLACE } from '../../common/messages.ts';
import { bindTeamPlaces, followAccountEmail, hasPendingPlace } from '../domain/team-places.ts';
import { fastPasswordHash } from './fast-password-hash.ts';
import { gateBetterAuthStorages } from './gated-storage.ts';

/** How long a password-recovery link works (docs/product.md#password-recovery). */
export const RESET_LINK_MINUTES = 30;

/** The recovery link's page (the SPA's form) for a reset token: the e-mail's and the CLI's (reset-link.ts). */
export const resetPasswordLink = (baseUrl: string, token: string) => `${baseUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;

const keyOf = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 32);

export function createAuth(db: Db, env: Env, log: Logger) {
  const idleSec = env.SESSION_IDLE_HOURS * 3600;
  const auth = betterAuth({
    appName: 'Turnout',
    baseURL: env.PUBLIC_BASE_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, twoFactor } }),
    // Accounts come from the one-time owner setup, the CLI and co-host invitations, never open sign-up.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // docs/decisions/0018-accounts.md: the link opens the SPA's form, the mail goes through the outbox.
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // Better Auth's scrypt, except in the test suite when it asks for the cheap hash (env.ts allows it only there).
      ...(env.TEST_FAST_PASSWORD_HASH && env.NODE_ENV === 'test' ? { password: fastPasswordHash } : {}),
      sendResetPassword: async ({ user: u, token }) => {
        const link = resetPasswordLink(env.PUBLIC_BASE_URL, token);
        await enqueueEmail(db, `password-reset:${keyOf(token)}`, passwordResetEmail({ to: u.email, link, minutes: RESET_LINK_MINUTES }));
      },
    },
    emailVerification: {
      // Only the change of address sends one (accounts are never signed up by themselves).
      // `u` carries the new address; the mail names the account that asked, as it is now (issue 29).
      sendVerificationEmail: async ({ user: u, url, token }) => {
        const [asking] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, u.id));
        if (!asking) return;
        await enqueueEmail(db, `change-email:${keyOf(token)}`, changeEmailEmail({ to: u.email, link: url, account: asking }));
      },
      expiresIn: 24 * 3600,
    },
    user: {
      additionalFields: {
        role: { type: 'string', defaultValue: 'host', input: false },
        deactivatedAt: { type: 'date', required: false, input: false },
      },
      changeEmail: { enabled: true },
    },
    // Idle lifetime: each use within updateAge of the last refresh extends it; the absolute one is
    // enforced by session-lifetime.ts.
    session: { expiresIn: idleSec, updateAge: Math.min(idleSec / 4, 24 * 3600) },
    // docs/decisions/0020-people.md: a deactivated account gets no session, whichever way it signs in
    // (password, second factor, invitation). Asked only after the password was right: no enumeration.
    databaseHooks: {
      // Team places belong to accounts (docs/product.md#co-hosts, issue 29): a new account takes those
      // pending for its address; a changed address never takes one, and bound places follow it.
      user: {
        create: { after: (u) => bindTeamPlaces(db, u) },
        update: {
          before: async (data) => {
            if (typeof data.email === 'string' && (await hasPendingPlace(db, data.email))) {
              throw APIError.from('CONFLICT', { message: EMAIL_HAS_PENDING_PLACE, code: 'EMAIL_HAS_PENDING_PLACE' });
            }
          },
          after: async (u) => {
            if (u?.id && u.email) await followAccountEmail(db, u);
          },
        },
      },
      session: {
        create: {
          before: async (s) => {
            const [row] = await db.select({ off: user.deactivatedAt }).from(user).where(eq(user.id, s.userId));
            if (row?.off) throw APIError.from('FORBIDDEN', { message: ACCOUNT_DEACTIVATED, code: 'ACCOUNT_DEACTIVATED' });
          },
        },
      },
    },
    // Our own limiter answers 429 with Retry-After in the app's error shape.
    rateLimit: { enabled: false },
    trustedOrigins: [env.PUBLIC_BASE_URL],
    advanced: {
      useSecureCookies: env.NODE_ENV === 'production' && env.PUBLIC_BASE_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: env.TRUST_PROXY ? ['x-forwarded-for'] : [] },
    },
    // docs/product.md#two-factor-sign-in: TOTP with backup codes; a trusted device skips the code 30 days.
    plugins: [
      twoFactorPlugin({
        issuer: 'Turnout',
        trustDeviceMaxAge: 30 * 86_400,
        backupCodeOptions: { customBackupCodesGenerate: () => generateBackupCodes(10) },
      }),
    ],
    // A TOTP code signs in (or turns two-factor on) once: totp-replay.ts.
    hooks: { before: refuseReusedTotp(db) },
    telemetry: { enabled: false },
    // Better Auth's log lines go to the app's log, redacted; an unexpected error (a failed query quoting
    // its parameters) is thrown to the app's error handler instead of printed to stderr (issue 29 review).
    logger: betterAuthLogger(log),
    onAPIError: { throw: true },
  });
  // Its AsyncLocalStorages on only while it runs: ADR 0038.
  if (!gateBetterAuthStorages()) log.warn('better-auth: its AsyncLocalStorages could not be gated; every promise pays the hooks');
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = { id: string; email: string; name: string; role: string; twoFactorEnabled: boolean };
