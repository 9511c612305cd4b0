import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPayNowAnswer } from '../../../../common/schemas/payments.ts';
import { api } from '../../../lib/api.ts';
import { myRsvpKeys } from './get-my-rsvp.ts';
import { managedRsvpPath, manageKeys, secretOfManageUrl } from './manage-rsvp.ts';

/**
 * Pay now (docs/product.md#manage-page): the checkout of an unpaid answer on a paid event, reached by its
 * manage link (the manage page, or the event page's remembered card). The browser then leaves for it.
 * A refusal (seats gone, paid meanwhile) means the page's answer is stale: it is read again.
 */
export function usePayNow(manageUrl: string) {
  const qc = useQueryClient();
  const secret = secretOfManageUrl(manageUrl);
  return useMutation({
    mutationFn: () => api<TPayNowAnswer>(`${managedRsvpPath(secret)}/checkout`, { method: 'POST' }),
    onSuccess: (answer) => window.location.assign(answer.checkout_url),
    onError: () => {
      void qc.invalidateQueries({ queryKey: manageKeys.detail(secret) });
      void qc.invalidateQueries({ queryKey: myRsvpKeys.all });
    },
  });
}
