import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRsvpPayload, TRsvpResult } from '../../../../common/schemas/rsvps.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';
import { invalidatePublicEvent } from '../../../lib/queries/get-public-event.ts';
import { type MyRsvp, myRsvpKeys } from './get-my-rsvp.ts';
import { ticketKeys } from './get-ticket.ts';

/** What the dialog sends: ZRsvpInput's output (trimmed, blanks dropped). */
export type RsvpPayload = TRsvpPayload;

export const rsvpKeys = {
  all: ['rsvps'] as const,
  submit: (eventId: string) => ['rsvps', 'submit', eventId] as const,
};

export function submitRsvp(eventId: string, payload: RsvpPayload): Promise<TRsvpResult> {
  return api<TRsvpResult>(`/api/public/events/${encodeURIComponent(eventId)}/rsvps`, { method: 'POST', body: payload });
}

/**
 * POST an RSVP. Afterwards the event's seat figures (its public page: seats left; a host's list:
 * seats taken) and any cached ticket are stale. A first answer (201) is this browser's own from now
 * on: it seeds the page's remembered answer (get-my-rsvp.ts), shown as soon as the dialog closes.
 */
export function useSubmitRsvp(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: rsvpKeys.submit(eventId),
    mutationFn: (payload: RsvpPayload) => submitRsvp(eventId, payload),
    // Not awaited: the thank-you shows at once while the page refetches its figures behind it.
    onSuccess: (res, payload) => {
      if (res.rsvp && res.manage_url) {
        const mine: MyRsvp = {
          status: res.rsvp.status,
          guest_count: res.rsvp.guest_count,
          name: payload.name,
          // A paid 'yes' is at the checkout, its seats held (docs/product.md#payments).
          payment_status: res.checkout_url ? 'pending' : null,
          ticket_url: res.ticket_url,
          manage_url: res.manage_url,
        };
        qc.setQueryData(myRsvpKeys.detail(eventId), { rsvp: mine });
      }
      void invalidatePublicEvent(qc, eventId);
      void qc.invalidateQueries({ queryKey: eventKeys.list() });
      void qc.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}
