import type { GuestStatus } from '../../common/constants.ts';
import { RSVP_STATUS_LABEL } from '../../common/messages.ts';

export type Tone = 'success' | 'warning' | 'danger';

const TONE: Record<GuestStatus, Tone> = {
  confirmed: 'success',
  maybe: 'warning',
  declined: 'danger',
  waitlisted: 'warning',
  offered: 'warning',
};

/** docs/product.md#rsvp-status: a status as the admin and the ticket show it (label and badge tone). */
export function statusBadge(status: GuestStatus): { label: string; tone: Tone } {
  return { label: RSVP_STATUS_LABEL[status], tone: TONE[status] };
}
