import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderChoice } from '../../../../common/constants.ts';
import type { TManagedRsvp, TManagedRsvpAnswer, TReminderChoice, TRsvpChange } from '../../../../common/schemas/rsvps.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';
import { invalidatePublicEvent } from '../../../lib/queries/get-public-event.ts';
import { ticketKeys } from './get-ticket.ts';
import { managedRsvpPath, manageKeys, secretOfManageUrl } from './manage-rsvp.ts';

/** Changes to a guest's own answer through its manage secret (docs/product.md#manage-page). */

/** The answer as it now stands goes into the cache under the secret in force; seats and tickets elsewhere are stale. */
function settle(qc: QueryClient, answer: TManagedRsvpAnswer) {
  qc.setQueryData(manageKeys.detail(secretOfManageUrl(answer.rsvp.manage_url)), answer.rsvp);
  void invalidatePublicEvent(qc, answer.rsvp.event.id);
  void qc.invalidateQueries({ queryKey: eventKeys.list() });
  void qc.invalidateQueries({ queryKey: ticketKeys.all });
}

/** PUT the changed answer (status, party size, name, phone, notes); 409 capacity_exceeded when the party no longer fits. */
export function useChangeManagedRsvp(manageSecret: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: TRsvpChange) => api<TManagedRsvpAnswer>(managedRsvpPath(manageSecret), { method: 'PUT', body: change }),
    onSuccess: (answer) => settle(qc, answer),
  });
}

/** Cancel: the answer becomes 'declined', its seats are freed, and the manage link is replaced (the answer's manage_url). */
export function useCancelManagedRsvp(manageSecret: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TManagedRsvpAnswer>(`${managedRsvpPath(manageSecret)}/cancel`, { method: 'POST' }),
    onSuccess: (answer) => {
      qc.removeQueries({ queryKey: manageKeys.detail(manageSecret), exact: true });
      settle(qc, answer);
    },
  });
}

/** PUT the guest's reminders for this event, on or off (docs/product.md#reminders); the page's copy follows. */
export function useSetReminders(manageSecret: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reminders: ReminderChoice) =>
      api<TReminderChoice>(`${managedRsvpPath(manageSecret)}/reminders`, { method: 'PUT', body: { reminders } }),
    onSuccess: ({ reminders }) =>
      qc.setQueryData<TManagedRsvp>(manageKeys.detail(manageSecret), (old) => (old ? { ...old, reminders } : old)),
  });
}
