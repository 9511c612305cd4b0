import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TStripeAccount, TStripeAccountInputParsed } from '../../../common/schemas/stripe-account.ts';
import { keyMode, STRIPE_KEY_MSG } from '../../../common/stripe-keys.ts';
import { sealSecret, secretHint } from '../../crypto/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { stripe_accounts } from '../../db/schema/stripe-accounts.ts';
import { accountSecretKeyContext, accountWebhookSecretContext } from '../../domain/stripe-account-keys.ts';
import { AppError } from '../../errors.ts';
import { readStripeAccount } from '../../integrations/stripe.ts';
import type { Logger } from '../../logger.ts';
import { hasOpenPayments } from '../../domain/open-payments.ts';
import { getStripeAccount, savedKeys } from './stripe-account.ts';

export type SaveStripeAccountOptions = {
  db: Db;
  log: Logger;
  encryptionKey: Buffer;
  /** Payments really go through Stripe (PAYMENTS_PROVIDER=stripe): a key change is then held to the same Stripe account. */
  liveStripe: boolean;
  apiUrl?: string;
  userId: string;
  input: TStripeAccountInputParsed;
};

const invalid = (field: string, message: string) => new AppError('validation_failed', message, { [field]: message });

/**
 * Saves the signed-in user's Stripe account (docs/product.md#stripe-account): the first save needs both
 * keys; later ones keep a secret that is omitted or sent back as its masked hint. Secrets are sealed
 * to this row (ADR 0027). While events paid into it have open payments (a checkout under way, a
 * refundable payment), a new secret key must reach the same Stripe account — checked with a real read
 * when payments go through Stripe — or the refunds and checkouts of those payments would fail.
 */
export async function saveStripeAccount(o: SaveStripeAccountOptions): Promise<TStripeAccount> {
  const { input } = o;
  const saved = await savedKeys(o.db, o.encryptionKey, o.userId);
  if (!saved && !input.secret_key) throw invalid('secret_key', 'Enter the secret key.');
  const secretKey = input.secret_key ?? saved!.secretKey;
  if (keyMode(input.publishable_key) !== keyMode(secretKey)) {
    throw invalid(input.secret_key ? 'secret_key' : 'publishable_key', STRIPE_KEY_MSG.modeMismatch);
  }
  const newSecret = saved && input.secret_key !== undefined && input.secret_key !== saved.secretKey;
  if (newSecret && o.liveStripe && (await hasOpenPayments(o.db, { accountId: saved.id }))) {
    await sameStripeAccount(o, saved, secretKey);
  }

  const id = saved?.id ?? randomUUID();
  const values: Partial<typeof stripe_accounts.$inferInsert> = { publishable_key: input.publishable_key, updated_at: new Date() };
  if (!saved || newSecret) {
    Object.assign(values, {
      secret_key_enc: sealSecret(o.encryptionKey, secretKey, accountSecretKeyContext(id)),
      secret_key_hint: secretHint(secretKey),
      // What the old key reached says nothing of the new one: "Test the keys" again.
      stripe_account_ref: null,
      account_name: null,
      checked_at: null,
    });
  }
  if (input.webhook_secret === null) Object.assign(values, { webhook_secret_enc: null, webhook_secret_hint: null });
  else if (input.webhook_secret !== undefined) {
    Object.assign(values, {
      webhook_secret_enc: sealSecret(o.encryptionKey, input.webhook_secret, accountWebhookSecretContext(id)),
      webhook_secret_hint: secretHint(input.webhook_secret),
    });
  }
  if (saved) await o.db.update(stripe_accounts).set(values).where(eq(stripe_accounts.id, id));
  else {
    // One per user (stripe_accounts_user_key): a second first-save at once updates instead of failing.
    const row = { id, user_id: o.userId, ...values } as typeof stripe_accounts.$inferInsert;
    await o.db.insert(stripe_accounts).values(row).onConflictDoNothing();
  }
  o.log.info({ userId: o.userId, stripeAccountId: id, newSecret: Boolean(!saved || newSecret) }, 'stripe account saved');
  return (await getStripeAccount(o.db, o.userId))!;
}

/** A new secret key for an account with open payments must reach the Stripe account the old one reached. */
async function sameStripeAccount(o: SaveStripeAccountOptions, saved: { secretKey: string; accountRef: string | null }, secretKey: string) {
  const before = saved.accountRef ? { ok: true as const, id: saved.accountRef } : await readStripeAccount(saved.secretKey, o.apiUrl);
  const after = await readStripeAccount(secretKey, o.apiUrl);
  if (!after.ok && after.reason !== 'unreachable') throw invalid('secret_key', 'Stripe refused this secret key. Test it before saving.');
  if (!before.ok || !after.ok) {
    throw new AppError('payment_failed', 'Stripe could not be reached to check the new key against your open payments. Try again.');
  }
  if (before.id !== after.id) {
    throw new AppError(
      'conflict',
      'Your events have payments under way or refundable in the Stripe account of the current key; the new key is of another Stripe account. Keep the current key until those payments are settled, or use a new key of the same account.',
      { secret_key: 'This key is of another Stripe account than your open payments.' },
    );
  }
}
