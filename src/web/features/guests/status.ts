import type { RsvpStatus } from '../../../common/constants.ts';

/** The guest list's RSVP column: Yes / No, and maybe is neither (docs/product.md#rsvp-status). */
export function rsvpYesNo(status: RsvpStatus): 'Yes' | 'No' | 'Maybe' {
  return status === 'confirmed' ? 'Yes' : status === 'declined' ? 'No' : 'Maybe';
}

/** Checked In: Yes / No for an answer that can be admitted, '-' for one that cannot (not coming). */
export function checkedInCell(status: RsvpStatus, checkedInAt: string | null): 'Yes' | 'No' | '-' {
  if (checkedInAt) return 'Yes';
  return status === 'confirmed' ? 'No' : '-';
}
