import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRedeem, TUndo } from '../../../../common/schemas/checkin.ts';
import type { TOfflineDeviceList } from '../../../../common/schemas/checkin-offline.ts';
import type {
  TCheckinEventList,
  TCheckinSearch,
  TCheckinStats,
  TCheckinVerdict,
  TTicketVerification,
} from '../../../../common/schemas/checkin.responses.ts';
import { api } from '../../../lib/api.ts';
import { checkinKeys } from './keys.ts';

/** The check-in API (src/common/schemas/checkin.ts lists it); every route needs a member of the event's team. */
export const checkinPath = (eventId: string, action: 'stats' | 'stream' | 'verify' | 'redeem' | 'undo' | 'search' | 'offline') =>
  `/api/checkin/${encodeURIComponent(eventId)}/${action}`;

/** One device prepared for offline (docs/decisions/0035-offline-door.md): DELETE revokes it. */
export const offlineDevicePath = (eventId: string, deviceId: string) =>
  `${checkinPath(eventId, 'offline')}/${encodeURIComponent(deviceId)}`;

/** Events the signed-in user may check in (owner, co-host or door staff), soonest first. */
export const checkinEventsQuery = () =>
  queryOptions({
    queryKey: checkinKeys.events(),
    queryFn: ({ signal }) => api<TCheckinEventList>('/api/checkin/events', { signal }).then((r) => r.events),
  });

export function useCheckinEvents(enabled = true) {
  return useQuery({ ...checkinEventsQuery(), enabled });
}

/** Guests and RSVPs: total, checked in, pending. Kept fresh by the live stream (use-live-stats.ts). */
export const checkinStatsQuery = (eventId: string) =>
  queryOptions({
    queryKey: checkinKeys.stats(eventId),
    queryFn: ({ signal }) => api<TCheckinStats>(checkinPath(eventId, 'stats'), { signal }),
  });

/** Server-side search by name, e-mail, phone or PIN (20 at most); an empty query asks nothing. */
export const checkinSearchQuery = (eventId: string, q: string) =>
  queryOptions({
    queryKey: checkinKeys.search(eventId, q),
    queryFn: ({ signal }) =>
      api<TCheckinSearch>(`${checkinPath(eventId, 'search')}?q=${encodeURIComponent(q)}`, { signal }).then((r) => r.guests),
    enabled: q !== '',
    staleTime: 5_000,
  });

export function redeem(eventId: string, body: TRedeem, signal?: AbortSignal) {
  return api<TCheckinVerdict>(checkinPath(eventId, 'redeem'), { method: 'POST', body, signal });
}

export function undo(eventId: string, body: TUndo, signal?: AbortSignal) {
  return api<TCheckinVerdict>(checkinPath(eventId, 'undo'), { method: 'POST', body, signal });
}

/** The verification page: anyone may ask; a team member of the ticket's event gets the verdict. */
export const ticketVerificationQuery = (code: string, eventId: string | null) =>
  queryOptions({
    queryKey: checkinKeys.verification(code, eventId),
    queryFn: ({ signal }) =>
      api<TTicketVerification>('/api/ticket-verification', {
        method: 'POST',
        body: eventId ? { code, event_id: eventId } : { code },
        signal,
      }),
    retry: false,
  });

/** The event's devices prepared for offline, for its owner and co-hosts (docs/product.md#offline-door). */
export const offlineDevicesQuery = (eventId: string) =>
  queryOptions({
    queryKey: checkinKeys.devices(eventId),
    queryFn: ({ signal }) => api<TOfflineDeviceList>(checkinPath(eventId, 'offline'), { signal }).then((r) => r.devices),
    refetchInterval: 60_000,
  });

/** Revokes a prepared device: its next contact wipes its copy of the guest list and its unsent scans. */
export function revokeOfflineDevice(eventId: string, deviceId: string, signal?: AbortSignal) {
  return api<void>(offlineDevicePath(eventId, deviceId), { method: 'DELETE', signal });
}
