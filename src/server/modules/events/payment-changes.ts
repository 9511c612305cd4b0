import { PAYMENT_FIELDS } from '../../../common/event-roles.ts';
import type { TEventPatchParsed } from '../../../common/schemas/events.ts';

/** The stored payment settings an edit is compared with. */
export type StoredPayment = {
  is_paid_event: boolean;
  ticket_price: string | null;
  currency: string;
  stripe_publishable_key: string | null;
  has_secret: boolean;
  has_webhook_secret: boolean;
  /** The host's Stripe account the event is paid into (ADR 0027), or null. */
  stripe_account_id: string | null;
  guest_refunds_allowed: boolean;
};

/**
 * The payment fields (PAYMENT_FIELDS) this edit would really change. Omitted fields and values equal
 * to the stored ones change nothing, so a co-host's form may send them back as it loaded them.
 * `stripe_secret_key` here is already without the masked hint (see updateEvent).
 */
export function paymentChanges(input: TEventPatchParsed, stored: StoredPayment): string[] {
  const changed = {
    is_paid_event: input.is_paid_event !== undefined && input.is_paid_event !== stored.is_paid_event,
    ticket_price:
      input.ticket_price !== undefined &&
      (input.ticket_price === null || stored.ticket_price === null
        ? input.ticket_price !== stored.ticket_price
        : input.ticket_price !== Number(stored.ticket_price)),
    currency: input.currency !== undefined && input.currency !== stored.currency,
    stripe_publishable_key: input.stripe_publishable_key !== undefined && input.stripe_publishable_key !== stored.stripe_publishable_key,
    stripe_secret_key: input.stripe_secret_key === null ? stored.has_secret : input.stripe_secret_key !== undefined,
    // The masked hint sent back ('…abcd') keeps the stored secret (event-values.ts).
    stripe_webhook_secret:
      input.stripe_webhook_secret === null
        ? stored.has_webhook_secret
        : input.stripe_webhook_secret !== undefined && !input.stripe_webhook_secret.includes('…'),
    use_host_stripe_account:
      input.use_host_stripe_account !== undefined && input.use_host_stripe_account !== (stored.stripe_account_id !== null),
    guest_refunds_allowed: input.guest_refunds_allowed !== undefined && input.guest_refunds_allowed !== stored.guest_refunds_allowed,
  } satisfies Record<(typeof PAYMENT_FIELDS)[number], boolean>;
  return PAYMENT_FIELDS.filter((f) => changed[f]);
}
