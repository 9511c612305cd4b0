import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGuestDetail, TGuestDetailAnswer, TGuestPatch, TShortLink, TTicketSent } from '../../../../common/schemas/guests.ts';
import type { TRefundAnswer, TRefundInput } from '../../../../common/schemas/refunds.ts';
import type { TRegeneratedQr } from '../../../../common/schemas/rsvps.responses.ts';
import { api } from '../../../lib/api.ts';
import { eventKeys } from '../../../lib/queries/event-keys.ts';
import { guestPath } from './get-guest.ts';
import { guestKeys } from '../../../lib/queries/guest-keys.ts';

/** An answer changed: its event's lists, the event cards' counts and the dashboard totals are stale. */
function invalidateCounts(qc: QueryClient, eventId: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: guestKeys.lists(eventId) }),
    qc.invalidateQueries({ queryKey: eventKeys.list() }),
    qc.invalidateQueries({ queryKey: guestKeys.summary() }),
  ]);
}

/** Staff change an answer's status or party size (capacity rules hold: 409 capacity_exceeded when full). */
export function usePatchGuest(eventId: string, rsvpId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: TGuestPatch) =>
      api<TGuestDetailAnswer>(guestPath(eventId, rsvpId), { method: 'PATCH', body: patch }).then((r) => r.rsvp),
    onSuccess: (rsvp) => {
      qc.setQueryData(guestKeys.detail(eventId, rsvpId), rsvp);
      return invalidateCounts(qc, eventId);
    },
  });
}

/** Deletes an answer; its seats are freed. */
export function useDeleteGuest(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rsvpId: string) => api<unknown>(guestPath(eventId, rsvpId), { method: 'DELETE' }),
    onSuccess: (_d, rsvpId) => {
      qc.removeQueries({ queryKey: guestKeys.detail(eventId, rsvpId) });
      return invalidateCounts(qc, eventId);
    },
  });
}

/**
 * Generate / Regenerate: rotates the ticket (the old QR code and ticket link stop working) and e-mails
 * the new one to the guest (docs/product.md#tickets-and-qr-codes).
 */
export function useRegenerateQr(eventId: string, rsvpId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TRegeneratedQr>(`${guestPath(eventId, rsvpId)}/regenerate-qr`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: guestKeys.detail(eventId, rsvpId) }),
        qc.invalidateQueries({ queryKey: guestKeys.lists(eventId) }),
      ]),
  });
}

/** E-mails the guest their current ticket (confirmed answers only: 409 otherwise). */
export function useSendTicket(eventId: string, rsvpId: string) {
  return useMutation({
    mutationFn: () => api<TTicketSent>(`${guestPath(eventId, rsvpId)}/send-ticket`, { method: 'POST' }),
  });
}

/** The ticket's short link (/s/{code}); asking again returns the same one. */
export function useShortLink(eventId: string, rsvpId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TShortLink>(`${guestPath(eventId, rsvpId)}/short-link`, { method: 'POST', body: { target: 'ticket' } }),
    onSuccess: (link) =>
      qc.setQueryData<TGuestDetail>(guestKeys.detail(eventId, rsvpId), (old) => (old ? { ...old, short_url: link.short_url } : old)),
  });
}

/** The owner refunds tickets, an amount or the whole order (docs/product.md#refunds); the guest is e-mailed. */
export function useRefund(eventId: string, rsvpId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TRefundInput) => api<TRefundAnswer>(`${guestPath(eventId, rsvpId)}/refunds`, { method: 'POST', body }),
    onSuccess: (answer) => {
      qc.setQueryData(guestKeys.detail(eventId, rsvpId), answer.rsvp);
      return invalidateCounts(qc, eventId);
    },
  });
}
