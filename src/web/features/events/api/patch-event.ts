import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEventAdmin, TEventPatch } from '../../../../common/schemas/events.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';

/**
 * PATCH /api/events/:id with one setting that saves as soon as it is chosen, apart from the form: whether the
 * hosts hear of new answers (docs/product.md#rsvp-notifications), the guests' reminders (#reminders).
 */
export function usePatchEvent(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: TEventPatch) =>
      api<{ event: TEventAdmin }>(`/api/events/${encodeURIComponent(eventId)}`, { method: 'PATCH', body: patch }).then((r) => r.event),
    onSuccess: (event) => {
      // Keep the card's other fields (its counts): only the event's own fields change.
      qc.setQueryData<TEventAdmin[]>(eventKeys.list(), (old) => old?.map((e) => (e.id === event.id ? { ...e, ...event } : e)));
      return qc.invalidateQueries({ queryKey: eventKeys.list() });
    },
  });
}
