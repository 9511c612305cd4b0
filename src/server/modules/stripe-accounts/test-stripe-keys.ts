import { eq } from 'drizzle-orm';
import type { TStripeKeyTest } from '../../../common/schemas/stripe-account.ts';
import { keyMode, STRIPE_KEY_MSG } from '../../../common/stripe-keys.ts';
import type { Db } from '../../db/client.ts';
import { stripe_accounts } from '../../db/schema/stripe-accounts.ts';
import { AppError } from '../../errors.ts';
import { readStripeAccount, type StripeKeyRead } from '../../integrations/stripe.ts';
import type { Logger } from '../../logger.ts';
import { savedKeys } from './stripe-account.ts';

export type TestStripeKeysOptions = {
  db: Db;
  log: Logger;
  encryptionKey: Buffer;
  /** STRIPE_API_URL: tests point it at a local fake; unset = Stripe itself, whatever PAYMENTS_PROVIDER is. */
  apiUrl?: string;
  userId: string;
  /** Keys typed now; what is omitted comes from the saved account. */
  publishableKey?: string;
  secretKey?: string;
};

const FAILED: Record<Exclude<StripeKeyRead, { ok: true }>['reason'], string> = {
  wrong_key: 'Stripe refused the secret key: it is mistyped, revoked or rolled. Copy it again from Stripe → Developers → API keys.',
  no_permission: 'Stripe accepted the key but it may not read the account: use the standard secret key (sk_…), not a restricted one.',
  unreachable: 'Stripe could not be reached, so the keys were not checked. Try again in a minute.',
};

/**
 * "Test the keys" (docs/product.md#stripe-account): a real read call to Stripe with the secret key (the
 * key's own account), then the publishable key's mode against it. A working test of the saved secret key
 * records which Stripe account it reaches (acct_…), so a later key change can be held to that account.
 */
export async function testStripeKeys(o: TestStripeKeysOptions): Promise<TStripeKeyTest> {
  const saved = await savedKeys(o.db, o.encryptionKey, o.userId);
  const secretKey = o.secretKey ?? saved?.secretKey;
  const publishableKey = o.publishableKey ?? saved?.publishableKey;
  if (!secretKey) {
    throw new AppError('validation_failed', 'Enter the secret key to test.', { secret_key: 'Enter the secret key, or save one first.' });
  }
  const mode = keyMode(secretKey) ?? 'test';
  const read = await readStripeAccount(secretKey, o.apiUrl);
  o.log.info({ userId: o.userId, verdict: read.ok ? 'read' : read.reason, mode }, 'stripe keys tested');
  if (!read.ok) return { verdict: read.reason, message: FAILED[read.reason], mode, account: null };

  const account = { id: read.id, name: read.name, charges_enabled: read.chargesEnabled };
  if (saved && secretKey === saved.secretKey) {
    await o.db
      .update(stripe_accounts)
      .set({ stripe_account_ref: read.id, account_name: read.name, checked_at: new Date() })
      .where(eq(stripe_accounts.id, saved.id));
  }
  const pkMode = keyMode(publishableKey);
  if (pkMode && pkMode !== mode) return { verdict: 'mode_mismatch', message: STRIPE_KEY_MSG.modeMismatch, mode, account };
  const who = read.name ? `${read.name} (${read.id})` : read.id;
  const charges = read.chargesEnabled ? '' : ' Stripe says this account cannot take payments yet: finish its activation in Stripe.';
  return { verdict: 'works', message: `Stripe answered for ${who}, in ${mode} mode.${charges}`, mode, account };
}
