import { eq, sql } from 'drizzle-orm';
import { accountWebhookHref } from '../../../common/hrefs.ts';
import type { TStripeAccount } from '../../../common/schemas/stripe-account.ts';
import { keyMode } from '../../../common/stripe-keys.ts';
import { openSecret } from '../../crypto/secret-box.ts';
import type { DbOrTx } from '../../db/client.ts';
import { stripe_accounts } from '../../db/schema/stripe-accounts.ts';
import { accountSecretKeyContext } from '../../domain/stripe-account-keys.ts';

/** What the Account page shows of a host's Stripe account: hints, never a secret (ADR 0027). */
const shownColumns = {
  id: stripe_accounts.id,
  publishable_key: stripe_accounts.publishable_key,
  secret_key_hint: stripe_accounts.secret_key_hint,
  webhook_secret_hint: stripe_accounts.webhook_secret_hint,
  stripe_account_ref: stripe_accounts.stripe_account_ref,
  account_name: stripe_accounts.account_name,
  checked_at: stripe_accounts.checked_at,
  updated_at: stripe_accounts.updated_at,
  // Spelled out: inside a subquery drizzle would leave both columns unqualified.
  events_using: sql<number>`(select count(*)::int from events e where e.stripe_account_id = stripe_accounts.id)`,
};

/** The signed-in user's Stripe account, or null when they have not saved one. */
export async function getStripeAccount(db: DbOrTx, userId: string): Promise<TStripeAccount | null> {
  const [row] = await db.select(shownColumns).from(stripe_accounts).where(eq(stripe_accounts.user_id, userId));
  if (!row) return null;
  return {
    id: row.id,
    publishable_key: row.publishable_key,
    secret_key_masked: row.secret_key_hint,
    webhook_secret_masked: row.webhook_secret_hint,
    mode: keyMode(row.secret_key_hint) ?? 'test',
    webhook_path: accountWebhookHref(row.id),
    checked:
      row.stripe_account_ref && row.checked_at
        ? { account_ref: row.stripe_account_ref, name: row.account_name, at: row.checked_at.toISOString() }
        : null,
    events_using: row.events_using,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The user's saved keys, the secret opened: for "Test the keys" and key changes, never for an answer. */
export async function savedKeys(db: DbOrTx, encryptionKey: Buffer, userId: string) {
  const [row] = await db
    .select({
      id: stripe_accounts.id,
      publishable_key: stripe_accounts.publishable_key,
      secret_key_enc: stripe_accounts.secret_key_enc,
      stripe_account_ref: stripe_accounts.stripe_account_ref,
    })
    .from(stripe_accounts)
    .where(eq(stripe_accounts.user_id, userId));
  if (!row) return null;
  const secretKey = openSecret(encryptionKey, row.secret_key_enc, accountSecretKeyContext(row.id));
  return { id: row.id, publishableKey: row.publishable_key, secretKey, accountRef: row.stripe_account_ref };
}
