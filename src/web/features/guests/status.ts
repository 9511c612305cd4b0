import type { RsvpStatus } from '../../../common/constants.ts';

/** How hosts read an RSVP status (docs/product.md#rsvp-status). */
export const STATUS_LABEL: Record<RsvpStatus, string> = {
  confirmed: 'Attending',
  maybe: 'Maybe',
  declined: 'Not Attending',
};

export const STATUS_TONE: Record<RsvpStatus, 'success' | 'warning' | 'danger'> = {
  confirmed: 'success',
  maybe: 'warning',
  declined: 'danger',
};

/** The guest list's RSVP column: Yes / No, and maybe is neither (docs/product.md#rsvp-status). */
export function rsvpYesNo(status: RsvpStatus): 'Yes' | 'No' | 'Maybe' {
  return status === 'confirmed' ? 'Yes' : status === 'declined' ? 'No' : 'Maybe';
}

/** Checked In: Yes / No for an answer that can be admitted, '-' for one that cannot (not coming). */
export function checkedInCell(status: RsvpStatus, checkedInAt: string | null): 'Yes' | 'No' | '-' {
  if (checkedInAt) return 'Yes';
  return status === 'confirmed' ? 'No' : '-';
}
