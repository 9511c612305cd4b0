import { z } from 'zod';

export const PASSWORD_MIN = 8;

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
    .max(128, 'Use at most 128 characters.'),
});
export type TOwnerSetup = z.infer<typeof ZOwnerSetup>;
