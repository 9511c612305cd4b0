import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRsvpResult } from '../../../../common/schemas/rsvps.ts';
import { api } from '../../../lib/api.ts';
import { ticketKeys } from './get-ticket.ts';

/** What the dialog sends: ZRsvpInput's output (trimmed, blanks dropped). */
export type RsvpPayload = {
  name: string;
  email: string;
  phone?: string;
  notes?: string;
  guest_count: number;
  status: 'confirmed' | 'maybe' | 'declined';
};

export const rsvpKeys = {
  all: ['rsvps'] as const,
  submit: (eventId: string) => ['rsvps', 'submit', eventId] as const,
};

export function submitRsvp(eventId: string, payload: RsvpPayload): Promise<TRsvpResult> {
  return api<TRsvpResult>(`/api/public/events/${encodeURIComponent(eventId)}/rsvps`, { method: 'POST', body: payload });
}

/**
 * POST an RSVP. Afterwards every cached query about this event (its public page: seats left) and
 * any cached ticket is stale, so both are invalidated.
 */
export function useSubmitRsvp(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: rsvpKeys.submit(eventId),
    mutationFn: (payload: RsvpPayload) => submitRsvp(eventId, payload),
    onSuccess: (result) => {
      void qc.invalidateQueries({ predicate: (q) => q.queryKey.includes(eventId) });
      void qc.invalidateQueries({ queryKey: ticketKeys.detail(result.rsvp.id) });
    },
  });
}
