import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentVerification } from '../../../../common/schemas/payments.ts';
import { api } from '../../../lib/api.ts';

/** docs/product.md#payments: a pending payment is asked again every few seconds, for a minute at most. */
export const RECHECK_MS = 4_000;
export const RECHECK_FOR_MS = 60_000;

export const paymentKeys = {
  all: ['payments'] as const,
  verify: (sessionId: string) => ['payments', 'verify', sessionId] as const,
};

/** Verifies a returning Checkout session: the server re-reads it and fulfils it once (paid, pending or failed). */
export function verifyPayment(sessionId: string, signal?: AbortSignal): Promise<TPaymentVerification> {
  return api<TPaymentVerification>(`/api/public/payments/verify?session_id=${encodeURIComponent(sessionId)}`, { signal });
}

/**
 * The payment page's query. While the answer is 'pending' it asks again every RECHECK_MS until
 * RECHECK_FOR_MS after the first answer; after that the guest's "Check again" asks (refetch).
 */
export function verifyPaymentQuery(sessionId: string, startedAt: number) {
  return queryOptions({
    queryKey: paymentKeys.verify(sessionId),
    queryFn: ({ signal }) => verifyPayment(sessionId, signal),
    enabled: sessionId !== '',
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.data?.payment_status === 'pending' && Date.now() - startedAt < RECHECK_FOR_MS ? RECHECK_MS : false),
  });
}

export function useVerifyPayment(sessionId: string, startedAt: number) {
  return useQuery(verifyPaymentQuery(sessionId, startedAt));
}
