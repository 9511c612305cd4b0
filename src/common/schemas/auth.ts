import { z } from 'zod';
import { DISPLAY_NAME_MAX, PASSWORD_MAX } from '../constants.ts';
import { NAME_REQUIRED } from '../messages.ts';
import { weakPasswordReasons } from '../password-rules.ts';
import { ZEmail } from './email.ts';
import { ZInvitationToken } from './events.ts';
import { zText } from './text.ts';

export const ZSignIn = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

/** An account's display name: required where an account is made, and on the account page. */
export const ZDisplayName = zText({ error: NAME_REQUIRED })
  .min(1, NAME_REQUIRED)
  .max(DISPLAY_NAME_MAX, `Use at most ${DISPLAY_NAME_MAX} characters.`);

/**
 * A new password: the one rule of weakPasswordReasons (docs/product.md#account), the first reason named on
 * the field — at owner set-up, at an invitation, at reset and at change alike.
 */
export const ZNewPassword = z.string({ error: 'Please enter a new password.' }).superRefine((value, ctx) => {
  const [reason] = weakPasswordReasons(value);
  if (reason) ctx.addIssue({ code: 'custom', message: reason });
});

/** Where the account's e-mail is known, its password must not contain it either (the same rule, with the address). */
export function refinePasswordWithEmail(v: { email: string; password: string }, ctx: z.RefinementCtx) {
  const [reason] = weakPasswordReasons(v.password, v.email);
  if (reason) ctx.addIssue({ code: 'custom', message: reason, path: ['password'] });
}

export const ZOwnerSetup = z.object({ name: ZDisplayName, email: ZEmail, password: ZNewPassword }).superRefine(refinePasswordWithEmail);
export type TOwnerSetup = z.infer<typeof ZOwnerSetup>;

/**
 * POST /api/invitations/accept: the invited e-mail is the invitation's, so the server checks the password
 * against it as well (createUser).
 */
export const ZAcceptInvitation = z.object({ token: ZInvitationToken, name: ZDisplayName, password: ZNewPassword });
export type TAcceptInvitation = z.infer<typeof ZAcceptInvitation>;

/** Better Auth's update-user, whose own schema takes any value for name and image. */
export const ZUpdateUser = z.object({
  name: ZDisplayName.optional(),
  image: z
    .url({ protocol: /^https?$/, error: 'Use an http(s) address.' })
    .max(2048, 'Use at most 2048 characters.')
    .nullable()
    .optional(),
});

/** POST /api/auth/request-password-reset (docs/product.md#password-recovery). */
export const ZRequestPasswordReset = z.object({
  email: ZEmail,
  /** Better Auth's own field; the e-mailed link always opens /auth/reset-password. */
  redirectTo: z.string().max(200).optional(),
});

/** POST /api/auth/reset-password: the token of the e-mailed link and the new password. */
export const ZResetPassword = z
  .object({
    token: z.string({ error: 'The reset link is incomplete.' }).min(1, 'The reset link is incomplete.').max(200),
    newPassword: ZNewPassword,
  })
  .strict();

/** POST /api/auth/change-password (docs/product.md#account). */
export const ZChangePassword = z
  .object({
    currentPassword: z
      .string({ error: 'Please enter your current password.' })
      .min(1, 'Please enter your current password.')
      .max(PASSWORD_MAX),
    newPassword: ZNewPassword,
    revokeOtherSessions: z.boolean().optional(),
  })
  .strict();

/** POST /api/auth/change-email: a link goes to the new address; the e-mail changes when it is opened. */
export const ZChangeEmail = z
  .object({
    newEmail: ZEmail,
    callbackURL: z
      .string()
      .max(200)
      .regex(/^\/(?![/\\])/, 'Use a path of this site.')
      .optional(),
  })
  .strict();
