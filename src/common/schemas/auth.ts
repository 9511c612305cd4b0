import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { MSG } from '../messages.ts';

export { PASSWORD_MIN };

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address.');

export const ZSignIn = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

export const ZOwnerSetup = z.object({
  name: z.string().trim().max(100).optional(),
  email: ZEmail,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, MSG.passwordTooLong),
});
export type TOwnerSetup = z.infer<typeof ZOwnerSetup>;
