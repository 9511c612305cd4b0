import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { MSG, PASSWORD_TOO_SHORT } from '../messages.ts';
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
