import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema/auth.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../common/constants.ts';
import type { Env } from '../env.ts';

export function createAuth(db: Db, env: Env) {
  return betterAuth({
    appName: 'Turnout',
    baseURL: env.PUBLIC_BASE_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    // Accounts come from the one-time owner setup, the CLI and co-host invitations, never open sign-up.
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: PASSWORD_MIN, maxPasswordLength: PASSWORD_MAX },
    user: { additionalFields: { role: { type: 'string', defaultValue: 'host', input: false } } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Our own limiter answers 429 with Retry-After in the app's error shape.
    rateLimit: { enabled: false },
    trustedOrigins: [env.PUBLIC_BASE_URL],
    advanced: {
      useSecureCookies: env.NODE_ENV === 'production' && env.PUBLIC_BASE_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: env.TRUST_PROXY ? ['x-forwarded-for'] : [] },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = { id: string; email: string; name: string; role: string };
