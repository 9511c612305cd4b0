import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { AppError } from '../errors.ts';
import { MSG, NAME_REQUIRED } from '../../common/messages.ts';
import { ZDisplayName } from '../../common/schemas/auth.ts';
import { ZEmail } from '../../common/schemas/email.ts';
import { weakPasswordReasons } from '../../common/password-rules.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { fieldErrors, invalidFields } from '../http/validation.ts';
import type { Auth } from './auth.ts';

const ACCOUNT_EXISTS = 'An account with this email already exists.';
const accountExists = () => new AppError('conflict', ACCOUNT_EXISTS, { email: ACCOUNT_EXISTS });

export type CreateUserOptions = {
  auth: Auth;
  email: string;
  password: string;
  name?: string;
  role?: 'admin' | 'host';
};

/**
 * Creates an e-mail + password account (the owner setup, the CLI and co-host invitations use it). The
 * password follows the one rule of weakPasswordReasons, with the address (docs/product.md#account); a
 * missing name (the CLI without --name) falls back on the e-mail's local part, as displayName() would.
 */
export async function createUser({ auth, email, password, name, role = 'host' }: CreateUserOptions) {
  const parsed = ZEmail.safeParse(email);
  const fields: Record<string, string> = {};
  if (!parsed.success) fields.email = fieldErrors(parsed.error)._ ?? MSG.invalidEmailText;
  const [weak] = weakPasswordReasons(password, parsed.success ? parsed.data : undefined);
  if (weak) fields.password = weak;
  const named = name === undefined ? undefined : ZDisplayName.safeParse(name);
  if (named && !named.success) fields.name = fieldErrors(named.error)._ ?? NAME_REQUIRED;
  if (!parsed.success || Object.keys(fields).length) throw invalidFields(fields);
  const normalized = parsed.data;

  const ctx = await auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(normalized)) throw accountExists();
  const hash = await ctx.password.hash(password);
  const created = await ctx.internalAdapter
    .createUser(
      { email: normalized, name: named?.data ?? normalized.split('@')[0]!, emailVerified: false, role },
      { method: 'email-password' },
    )
    .catch((err: unknown) => {
      // Another sign-up for the same e-mail committed between the check and the insert.
      throw isUniqueViolation(err) ? accountExists() : err;
    });
  await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: hash });
  return { id: created.id, email: normalized };
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}
