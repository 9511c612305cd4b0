import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotifyRsvps } from '../../../../common/constants.ts';
import type { TEventAdmin } from '../../../../common/schemas/events.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';

/** PATCH /api/events/:id { notify_rsvps }: whether the hosts hear of new answers (docs/product.md#rsvp-notifications). */
export function useSetNotifyRsvps(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (notify_rsvps: NotifyRsvps) =>
      api<{ event: TEventAdmin }>(`/api/events/${encodeURIComponent(eventId)}`, { method: 'PATCH', body: { notify_rsvps } }).then(
        (r) => r.event,
      ),
    onSuccess: (event) => {
      // Keep the card's other fields (its counts): only the event's own fields change.
      qc.setQueryData<TEventAdmin[]>(eventKeys.list(), (old) => old?.map((e) => (e.id === event.id ? { ...e, ...event } : e)));
      return qc.invalidateQueries({ queryKey: eventKeys.list() });
    },
  });
}
