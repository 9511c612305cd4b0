import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEventAdmin, TEventInput } from '../../../../common/schemas/events.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';

/** POST /api/events (create) or PATCH /api/events/:id (edit). */
export function saveEvent({ id, input }: { id?: string; input: TEventInput }) {
  return api<{ event: TEventAdmin }>(id ? `/api/events/${encodeURIComponent(id)}` : '/api/events', {
    method: id ? 'PATCH' : 'POST',
    body: input,
  }).then((r) => r.event);
}

export function useSaveEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveEvent,
    onSuccess: (event) => {
      qc.setQueryData<TEventAdmin[]>(eventKeys.list(), (old) => {
        if (!old) return old;
        const i = old.findIndex((e) => e.id === event.id);
        return i === -1 ? [event, ...old] : old.map((e) => (e.id === event.id ? event : e));
      });
      // A new custom theme may exist; public pages of this event show new content at once.
      return Promise.all([
        qc.invalidateQueries({ queryKey: eventKeys.list() }),
        qc.invalidateQueries({ queryKey: eventKeys.themes() }),
        qc.invalidateQueries({ queryKey: eventKeys.publicAll() }),
      ]);
    },
  });
}
