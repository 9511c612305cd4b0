import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { AppError } from '../errors.ts';
import { PASSWORD_MIN } from '../../common/schemas/auth.ts';
import type { Auth } from './auth.ts';

export type CreateUserOptions = {
  auth: Auth;
  email: string;
  password: string;
  name?: string;
  role?: 'admin' | 'host';
};

/** Creates an e-mail + password account (the owner setup, the CLI and co-host invitations use it). */
export async function createUser({ auth, email, password, name, role = 'host' }: CreateUserOptions) {
  const normalized = email.trim().toLowerCase();
  const fields: Record<string, string> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalized)) fields.email = 'Please enter a valid email address.';
  if (password.length < PASSWORD_MIN) fields.password = `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > 128) fields.password = 'Use at most 128 characters.';
  if (Object.keys(fields).length) throw new AppError('validation_failed', 'Please correct the highlighted fields.', fields);

  const ctx = await auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(normalized)) {
    throw new AppError('conflict', 'An account with this email already exists.', { email: 'An account with this email already exists.' });
  }
  const hash = await ctx.password.hash(password);
  const created = await ctx.internalAdapter.createUser(
    {
      email: normalized,
      name: name?.trim() || normalized.split('@')[0]!,
      emailVerified: false,
      role,
    },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: hash });
  return { id: created.id, email: normalized };
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}
