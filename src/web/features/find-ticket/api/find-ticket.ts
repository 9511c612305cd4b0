import { useMutation } from '@tanstack/react-query';
import type { TFindTicketAnswer } from '../../../../common/schemas/rsvps.responses.ts';
import { api } from '../../../lib/api.ts';

/**
 * "Find your ticket" (docs/product.md#not-found-page): the server e-mails the manage links of that
 * address's answers and says the same thing whether or not it has any (429 when asked too often).
 */
export function findTicket(email: string): Promise<TFindTicketAnswer> {
  return api<TFindTicketAnswer>('/api/public/find-ticket', { method: 'POST', body: { email } });
}

export function useFindTicket() {
  return useMutation({ mutationFn: findTicket });
}
