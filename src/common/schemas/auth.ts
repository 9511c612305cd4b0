import { z } from 'zod';
import { ZEmail } from './email.ts';
import { zText } from './text.ts';

export const PASSWORD_MIN = 8;

export const ZSignIn = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

export const ZOwnerSetup = z.object({
  name: zText().max(100, 'Use at most 100 characters.').optional(),
  email: ZEmail,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
    .max(128, 'Use at most 128 characters.'),
});
export type TOwnerSetup = z.infer<typeof ZOwnerSetup>;
