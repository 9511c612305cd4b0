import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { MSG, PASSWORD_TOO_SHORT } from '../messages.ts';
import { weakPasswordReasons } from '../password-rules.ts';
import { ZEmail } from './email.ts';
import { zText } from './text.ts';

export const ZSignIn = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

/** An account's display name. */
const ZAccountName = zText().max(100, 'Use at most 100 characters.');

export const ZOwnerSetup = z.object({
  name: ZAccountName.optional(),
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(PASSWORD_MAX, MSG.passwordTooLong),
});
export type TOwnerSetup = z.infer<typeof ZOwnerSetup>;

/** Better Auth's update-user, whose own schema takes any value for name and image. */
export const ZUpdateUser = z.object({
  name: ZAccountName.min(1, 'Please enter a name.').optional(),
  image: z
    .url({ protocol: /^https?$/, error: 'Use an http(s) address.' })
    .max(2048, 'Use at most 2048 characters.')
    .nullable()
    .optional(),
});

/** A new password: its length and the reasons of weakPasswordReasons, the first one named on the field. */
const ZNewPassword = z.string({ error: 'Please enter a new password.' }).superRefine((value, ctx) => {
  const [reason] = weakPasswordReasons(value);
  if (reason) ctx.addIssue({ code: 'custom', message: reason });
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
