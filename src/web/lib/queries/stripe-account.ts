import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStripeAccountAnswer } from '../../../common/schemas/stripe-account.ts';
import { api } from '../api.ts';

/**
 * The signed-in host's own Stripe account (docs/product.md#stripe-account): the Account page edits it, the
 * event form offers it to paid events. Null until one is saved.
 */
export const stripeAccountKey = ['stripe-account'] as const;
export const STRIPE_ACCOUNT_PATH = '/api/stripe-account';

export const stripeAccountQuery = () =>
  queryOptions({
    queryKey: stripeAccountKey,
    queryFn: ({ signal }) => api<TStripeAccountAnswer>(STRIPE_ACCOUNT_PATH, { signal }).then((r) => r.account),
  });

export function useStripeAccount(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...stripeAccountQuery(), enabled: opts.enabled ?? true });
}
