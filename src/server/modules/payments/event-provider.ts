import { eq } from 'drizzle-orm';
import { openSecret } from '../../crypto/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
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
  secret_key_enc: string | null;
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
      secret_key_enc: events.stripe_secret_key_enc,
      webhook_secret_enc: events.stripe_webhook_secret_enc,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row ?? null;
}

/** The event's provider: Stripe with its own secret key, or the sandbox (which still requires the keys to be set). Null without a secret key. */
export function providerFor(db: Db, env: PaymentsConfig, event: PaymentEvent): PaymentProvider | null {
  if (!event.secret_key_enc) return null;
  if (providerKind(env) === 'sandbox') return sandboxProvider(db, env.PUBLIC_BASE_URL);
  const key = openSecret(env.ENCRYPTION_KEY, event.secret_key_enc, secretKeyContext(event.id));
  return stripeProvider(key, env.STRIPE_API_URL);
}

/** The event's webhook signing secret, opened; null when the host has not set one. */
export function webhookSecretOf(env: PaymentsConfig, event: PaymentEvent): string | null {
  if (!event.webhook_secret_enc) return null;
  return openSecret(env.ENCRYPTION_KEY, event.webhook_secret_enc, webhookSecretContext(event.id));
}
