import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { API_KEYS_PER_ACCOUNT, type TApiKey, type TApiKeyCreated, type ZApiKeyCreate } from '../../../common/schemas/api-keys.ts';
import { apiKeyMadeEmail } from '../../auth/account-emails.ts';
import { newApiKey } from '../../auth/api-keys.ts';
import { enqueueEmail } from '../../domain/enqueue.ts';
import type { Db } from '../../db/client.ts';
import { api_keys } from '../../db/schema/api-keys.ts';
import { AppError, notFound } from '../../errors.ts';

export const MSG_KEY_NOT_FOUND = 'No such API key on your account.';

const columns = {
  id: api_keys.id,
  name: api_keys.name,
  prefix: api_keys.prefix,
  scopes: api_keys.scopes,
  created_at: api_keys.created_at,
  expires_at: api_keys.expires_at,
  last_used_at: api_keys.last_used_at,
};
type Row = Pick<typeof api_keys.$inferSelect, keyof typeof columns>;

const toKey = (r: Row): TApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  created_at: r.created_at.toISOString(),
  expires_at: r.expires_at?.toISOString() ?? null,
  last_used_at: r.last_used_at?.toISOString() ?? null,
});

/** The live keys (neither revoked nor expired) of a user, newest first. */
const live = (userId: string) =>
  and(eq(api_keys.user_id, userId), isNull(api_keys.revoked_at), sql`(${api_keys.expires_at} is null or ${api_keys.expires_at} > now())`);

export async function listApiKeys(db: Db, userId: string): Promise<TApiKey[]> {
  const rows = await db.select(columns).from(api_keys).where(live(userId)).orderBy(desc(api_keys.created_at));
  return rows.map(toKey);
}

/**
 * A new key for the signed-in user: its secret is in this answer only (the table keeps its hash). The
 * count of live keys is checked under a lock on the user's row, so parallel creates cannot pass it.
 */
export async function createApiKey(
  db: Db,
  user: { id: string; email: string },
  input: z.output<typeof ZApiKeyCreate>,
): Promise<TApiKeyCreated> {
  const userId = user.id;
  const { secret, hash, prefix } = newApiKey();
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from "user" where id = ${userId} for update`);
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(api_keys).where(live(userId));
    if (n >= API_KEYS_PER_ACCOUNT)
      throw new AppError('conflict', `An account has at most ${API_KEYS_PER_ACCOUNT} keys: revoke one you no longer use first.`);
    const [created] = await tx
      .insert(api_keys)
      .values({
        user_id: userId,
        name: input.name,
        prefix,
        secret_hash: hash,
        scopes: input.scopes,
        expires_at: input.expires_in_days ? sql`now() + make_interval(days => ${input.expires_in_days})` : null,
      })
      .returning(columns);
    // The account hears of every new key, in the key's own transaction (a stolen session cannot make one unseen).
    await enqueueEmail(tx, `api-key-made:${created!.id}`, apiKeyMadeEmail({ to: user.email, name: input.name, scopes: input.scopes }));
    return created!;
  });
  return { key: toKey(row), secret };
}

/** Revokes one of the user's keys at once: its next request is refused, in every process (nothing caches keys). */
export async function revokeApiKey(db: Db, userId: string, id: string): Promise<void> {
  const revoked = await db
    .update(api_keys)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(api_keys.id, id), live(userId)))
    .returning({ id: api_keys.id });
  if (!revoked.length) throw notFound(MSG_KEY_NOT_FOUND);
}
