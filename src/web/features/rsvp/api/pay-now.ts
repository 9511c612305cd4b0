import type { QueryClient } from '@tanstack/react-query';
import type { TPayNowAnswer } from '../../../../common/schemas/payments.ts';
import { api } from '../../../lib/api.ts';
import { myRsvpKeys } from './get-my-rsvp.ts';
import { managedRsvpPath, manageKeys, secretOfManageUrl } from './manage-rsvp.ts';

/**
 * Pay now (docs/product.md#manage-page): the checkout URL of an unpaid answer on a paid event, reached by
 * its manage link (the manage page, or the event page's remembered card). A plain call rather than a
 * useMutation: it is on the manage page's first load, whose budget has no room for the mutation observer.
 */
export function payNow(manageUrl: string): Promise<TPayNowAnswer> {
  return api<TPayNowAnswer>(`${managedRsvpPath(secretOfManageUrl(manageUrl))}/checkout`, { method: 'POST' });
}

/** A refusal (seats gone, paid meanwhile) means the page's answer is stale: it is read again. */
export function refreshAfterPayNow(qc: QueryClient, manageUrl: string) {
  void qc.invalidateQueries({ queryKey: manageKeys.detail(secretOfManageUrl(manageUrl)) });
  void qc.invalidateQueries({ queryKey: myRsvpKeys.all });
}
