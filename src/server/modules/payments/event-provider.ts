import { eq, sql } from 'drizzle-orm';
import { openSecret } from '../../crypto/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { stripe_accounts } from '../../db/schema/stripe-accounts.ts';
import { accountSecretKeyContext, accountWebhookSecretContext } from '../../domain/stripe-account-keys.ts';
import type { Env } from '../../env.ts';
import { stripeProvider } from '../../integrations/stripe.ts';
import { secretKeyContext, webhookSecretContext } from '../../domain/event-values.ts';
import type { PaymentProvider } from '../../integrations/payment-provider.ts';
import { sandboxProvider } from './sandbox-provider.ts';

export type PaymentsConfig = Pick<Env, 'NODE_ENV' | 'PAYMENTS_PROVIDER' | 'STRIPE_API_URL' | 'ENCRYPTION_KEY' | 'PUBLIC_BASE_URL'>;

/** PAYMENTS_PROVIDER, else 'stripe' in production and 'sandbox' elsewhere (docs/decisions/0015-payments.md). */
export const providerKind = (env: Pick<Env, 'NODE_ENV' | 'PAYMENTS_PROVIDER'>) =>
  env.PAYMENTS_PROVIDER ?? (env.NODE_ENV === 'production' ? 'stripe' : 'sandbox');

/** What payments read of an event: never sent anywhere but to its provider. */
export type PaymentEvent = {
  id: string;
  slug: string;
  title: string;
  currency: string;
  ticket_price: string | null;
  guest_refunds_allowed: boolean;
  /** The host's Stripe account the event is paid into (ADR 0027), else null: the event's own keys. */
  account_id: string | null;
  /** The secret key in use: the account's when there is one, else the event's own. */
  secret_key_enc: string | null;
  /** The event's own webhook signing secret (its per-event endpoint). */
  webhook_secret_enc: string | null;
};

export async function readPaymentEvent(db: Db, eventId: string): Promise<PaymentEvent | null> {
  const [row] = await db
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      currency: events.currency,
      ticket_price: events.ticket_price,
      guest_refunds_allowed: events.guest_refunds_allowed,
      account_id: events.stripe_account_id,
      secret_key_enc: sql<string | null>`coalesce(${stripe_accounts.secret_key_enc}, ${events.stripe_secret_key_enc})`,
      webhook_secret_enc: events.stripe_webhook_secret_enc,
    })
    .from(events)
    .leftJoin(stripe_accounts, eq(stripe_accounts.id, events.stripe_account_id))
    .where(eq(events.id, eventId))
    .limit(1);
  return row ?? null;
}

/**
 * The event's provider: Stripe with the secret key of the host's account it chose (ADR 0027) or else its
 * own, or the sandbox (which still requires keys to be set). Null without a secret key.
 */
export function providerFor(db: Db, env: PaymentsConfig, event: PaymentEvent): PaymentProvider | null {
  if (!event.secret_key_enc) return null;
  if (providerKind(env) === 'sandbox') return sandboxProvider(db, env.PUBLIC_BASE_URL);
  const context = event.account_id ? accountSecretKeyContext(event.account_id) : secretKeyContext(event.id);
  return stripeProvider(openSecret(env.ENCRYPTION_KEY, event.secret_key_enc, context), env.STRIPE_API_URL);
}

/** The event's webhook signing secret, opened; null when the host has not set one. */
export function webhookSecretOf(env: PaymentsConfig, event: PaymentEvent): string | null {
  if (!event.webhook_secret_enc) return null;
  return openSecret(env.ENCRYPTION_KEY, event.webhook_secret_enc, webhookSecretContext(event.id));
}

/** A host's Stripe account as its webhook endpoint needs it: whether it exists, and its signing secret opened (null when unset). */
export async function accountWebhookSecret(db: Db, env: PaymentsConfig, accountId: string): Promise<{ secret: string | null } | null> {
  const [row] = await db
    .select({ enc: stripe_accounts.webhook_secret_enc })
    .from(stripe_accounts)
    .where(eq(stripe_accounts.id, accountId))
    .limit(1);
  if (!row) return null;
  return { secret: row.enc && openSecret(env.ENCRYPTION_KEY, row.enc, accountWebhookSecretContext(accountId)) };
}
