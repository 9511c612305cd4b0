import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pgError } from '../../db/pg-errors.ts';
import { stripe_accounts } from '../../db/schema/stripe-accounts.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';

export const NO_STRIPE_ACCOUNT = 'You have not saved a Stripe account.';
const IN_USE_CONSTRAINT = 'events_stripe_account_id_stripe_accounts_id_fk';

/** Removes the user's Stripe account; refused (409) while an event is paid into it (ADR 0027: the key an event's payments need stays). */
export async function removeStripeAccount(o: { db: DbOrTx; log: Logger; userId: string }): Promise<void> {
  const removed = await o.db
    .delete(stripe_accounts)
    .where(eq(stripe_accounts.user_id, o.userId))
    .returning({ id: stripe_accounts.id })
    .catch((err) => {
      // ON DELETE RESTRICT answers 23001 (restrict_violation), not 23503.
      if (pgError(err)?.constraint !== IN_USE_CONSTRAINT) throw err;
      throw new AppError(
        'conflict',
        'Events are paid into this Stripe account. Give each its own keys or make it free first, then remove the account.',
      );
    });
  if (!removed.length) throw notFound(NO_STRIPE_ACCOUNT);
  o.log.info({ userId: o.userId, stripeAccountId: removed[0]!.id }, 'stripe account removed');
}
