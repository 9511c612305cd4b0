import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCheckinVerdict } from '../../../common/schemas/checkin.responses.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { redeem, undo } from './api/checkin.ts';
import { checkinKeys } from './api/keys.ts';
import { readDeviceLabel, scanMeta } from './device.ts';

/** A check-in or its cancellation by RSVP (search results) or by the ticket's code (verification page). */
export type AttendanceTarget = { eventId: string; rsvpId: string; code?: string };

/**
 * Check in (all, or `count` of a party) / Undo check-in with the toasts of docs/product.md#messages:
 * success ("2 of 3 in" for a party), 'No Change' when the guest is already in (or already not in),
 * 'Failed to update attendance status' otherwise.
 */
export function useAttendance(onVerdict?: (v: TCheckinVerdict) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ target, action, count }: { target: AttendanceTarget; action: 'in' | 'out'; count?: number }) => {
      const meta = { ...scanMeta(readDeviceLabel()), ...(count === undefined ? {} : { count }) };
      if (action === 'out') return undo(target.eventId, { rsvp_id: target.rsvpId, ...meta });
      return redeem(target.eventId, target.code ? { code: target.code, ...meta } : { rsvp_id: target.rsvpId, ...meta });
    },
    onSuccess: (v, { target, action }) => {
      const party = v.guest && v.guest.guest_count > 1 ? `${v.guest.checked_in_count} of ${v.guest.guest_count} in` : undefined;
      if (v.ok) notify.success(action === 'in' ? 'Guest checked in successfully' : 'Guest check-in cancelled successfully', party);
      else if (v.reason === 'already_checked_in') notify.info('No Change', 'Guest is already checked in');
      else if (v.reason === 'not_checked_in') notify.info('No Change', 'Guest is already not checked in');
      else notify.error('Failed to update attendance status', refusalText(v));
      onVerdict?.(v);
      return qc.invalidateQueries({ queryKey: checkinKeys.searchAll(target.eventId) });
    },
    onError: (err) => notify.error('Failed to update attendance status', toUserMessage(err)),
  });
}

function refusalText(v: TCheckinVerdict): string {
  switch (v.reason) {
    case 'not_confirmed':
      return 'This RSVP is not confirmed.';
    case 'other_event':
      return 'This ticket is for another event.';
    case 'refunded':
      return 'This ticket was refunded.';
    case 'too_many':
      return 'More guests than the RSVP has left.';
    default:
      return 'This ticket could not be verified.';
  }
}
