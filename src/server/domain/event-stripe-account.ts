import { eq } from 'drizzle-orm';
import { openSecret } from '../crypto/secret-box.ts';
import type { DbOrTx } from '../db/client.ts';
import { isForeignKeyViolation } from '../db/pg-errors.ts';
import type { events } from '../db/schema/events.ts';
import { stripe_accounts } from '../db/schema/stripe-accounts.ts';
import { AppError } from '../errors.ts';
import { secretKeyContext } from './event-values.ts';
import { hasOpenPayments } from './open-payments.ts';
import { accountSecretKeyContext } from './stripe-account-keys.ts';

export const NO_ACCOUNT_TO_USE = 'Save your Stripe account on the Account page first.';
const noAccountToUse = () => new AppError('validation_failed', NO_ACCOUNT_TO_USE, { use_host_stripe_account: NO_ACCOUNT_TO_USE });
const ACCOUNT_CONSTRAINT = 'events_stripe_account_id_stripe_accounts_id_fk';

/** The account was removed between choosing it and saving the event (the FK refused the row): said as if it had never been saved. */
export function rethrowRemovedAccount(err: unknown): never {
  if (isForeignKeyViolation(err, ACCOUNT_CONSTRAINT)) throw noAccountToUse();
  throw err;
}

type Bound = { stripe_account_id: string | null; stripe_secret_key_enc?: string | null };
export type StripeAccountChange = {
  db: DbOrTx;
  encryptionKey: Buffer;
  /** Payments really go through Stripe (PAYMENTS_PROVIDER=stripe): then open payments pin the keys. */
  liveStripe: boolean;
  actorId: string;
  eventId: string;
  /** The form's choice (undefined = unchanged) and the event's own secret key typed now, if any. */
  use: boolean | undefined;
  newOwnSecretKey?: string;
  /** The event as stored (edit), or null (create). */
  stored: Bound | null;
};

/**
 * The event's columns for its Stripe account choice (docs/decisions/0027-stripe-account-per-host.md):
 * "Use my Stripe account" binds the owner's account and drops the event's own keys; turning it off
 * goes back to keys of its own (the form requires them). While the event has open payments (a checkout
 * under way, a refundable payment) the secret key may change only for the same key, or the checkouts
 * and refunds of those payments would go to another Stripe account.
 */
export async function stripeAccountColumns(o: StripeAccountChange): Promise<Partial<typeof events.$inferInsert>> {
  const boundBefore = o.stored?.stripe_account_id ?? null;
  const bind = o.use ?? boundBefore !== null;
  if (!bind) {
    if (!boundBefore) return {};
    await keysMayMove(o, await accountSecret(o.db, o.encryptionKey, { id: boundBefore }), o.newOwnSecretKey ?? null);
    return { stripe_account_id: null };
  }
  const account = boundBefore ? { id: boundBefore } : await accountOf(o.db, o.actorId);
  if (!account) throw noAccountToUse();
  if (!boundBefore && o.stored?.stripe_secret_key_enc) {
    const own = openSecret(o.encryptionKey, o.stored.stripe_secret_key_enc, secretKeyContext(o.eventId));
    await keysMayMove(o, own, await accountSecret(o.db, o.encryptionKey, account));
  }
  return {
    stripe_account_id: account.id,
    stripe_publishable_key: null,
    stripe_secret_key_enc: null,
    stripe_secret_key_hint: null,
    stripe_webhook_secret_enc: null,
    stripe_webhook_secret_hint: null,
  };
}

const accountOf = async (db: DbOrTx, userId: string) =>
  (await db.select({ id: stripe_accounts.id }).from(stripe_accounts).where(eq(stripe_accounts.user_id, userId)))[0] ?? null;

async function accountSecret(db: DbOrTx, encryptionKey: Buffer, account: { id: string }): Promise<string> {
  const [row] = await db.select({ enc: stripe_accounts.secret_key_enc }).from(stripe_accounts).where(eq(stripe_accounts.id, account.id));
  return openSecret(encryptionKey, row!.enc, accountSecretKeyContext(account.id));
}

async function keysMayMove(o: StripeAccountChange, from: string, to: string | null) {
  if (!o.liveStripe || from === to || !(await hasOpenPayments(o.db, { eventId: o.eventId }))) return;
  throw new AppError(
    'conflict',
    'This event has payments under way or refundable through its current Stripe keys, and the new keys are different: their checkouts and refunds need the current ones. Switch once they are settled (after the event), or use the same secret key.',
    { use_host_stripe_account: 'This event has open payments through its current Stripe keys.' },
  );
}
