import { z } from 'zod';
import { dateTime } from './responses.ts';

// Accounts: Better Auth's answers (its objects may carry more fields than these)

export const ZAuthUser = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    image: z.string().nullish(),
    emailVerified: z.boolean(),
    role: z.string().optional(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: 'AuthUser' });
export type TAuthUser = z.infer<typeof ZAuthUser>;

/** A successful sign-in (also the answer of the owner setup and of accepting an invitation): the session cookie is set. */
export const ZSignInResult = z
  .object({ redirect: z.boolean(), token: z.string(), url: z.string().optional(), user: ZAuthUser })
  .meta({ id: 'SignInResult' });
export type TSignInResult = z.infer<typeof ZSignInResult>;

/** GET /api/auth/get-session: the session and its user, or null when signed out. */
export const ZSession = z
  .object({
    session: z.object({ id: z.string(), userId: z.string(), expiresAt: dateTime, createdAt: dateTime, updatedAt: dateTime }),
    user: ZAuthUser,
  })
  .nullable()
  .meta({ id: 'Session' });
export type TSession = z.infer<typeof ZSession>;

export const ZSignOutResult = z.object({ success: z.boolean() }).meta({ id: 'SignOutResult' });
export type TSignOutResult = z.infer<typeof ZSignOutResult>;

export const ZSetupState = z.strictObject({ needsOwner: z.boolean() });
export type TSetupState = z.infer<typeof ZSetupState>;
