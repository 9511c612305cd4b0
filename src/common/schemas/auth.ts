import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { MSG, PASSWORD_TOO_SHORT } from '../messages.ts';
import { ZEmail } from './email.ts';
import { zText } from './text.ts';

export const ZSignIn = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

export const ZOwnerSetup = z.object({
  name: zText().max(100, 'Use at most 100 characters.').optional(),
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(PASSWORD_MAX, MSG.passwordTooLong),
});
export type TOwnerSetup = z.infer<typeof ZOwnerSetup>;
