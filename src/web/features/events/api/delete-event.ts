import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEventAdmin } from '../../../../common/schemas/events.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';

/** DELETE /api/events/:id: a hard delete (docs/product.md#event-status). */
export function deleteEvent(id: string) {
  return api<unknown>(`/api/events/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_data, id) => {
      qc.setQueryData<TEventAdmin[]>(eventKeys.list(), (old) => old?.filter((e) => e.id !== id));
      qc.removeQueries({ queryKey: eventKeys.hosts(id) });
      return Promise.all([qc.invalidateQueries({ queryKey: eventKeys.list() }), qc.invalidateQueries({ queryKey: eventKeys.publicAll() })]);
    },
  });
}
