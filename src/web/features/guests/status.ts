import type { GuestStatus } from '../../../common/constants.ts';
import { RSVP_STATUS_LABEL } from '../../../common/messages.ts';
import { ordinal } from '../../../common/waitlist-texts.ts';
import type { TGuestRow } from '../../../common/schemas/guests.ts';

/** The guest list's answer words: the event card's and the ticket's (Going / Maybe / Can't go, docs/product.md#rsvp-status). */
export const rsvpLabel = (status: GuestStatus): string => RSVP_STATUS_LABEL[status];

/** A row's status as the list shows it: a waiting party with its place in line ("Waitlist · 3rd", docs/product.md#waitlist). */
export const rowStatusLabel = (r: Pick<TGuestRow, 'status' | 'waitlist_place'>): string =>
  r.waitlist_place ? `${RSVP_STATUS_LABEL.waitlisted} · ${ordinal(r.waitlist_place)}` : rsvpLabel(r.status);

/** Checked In: Yes / No for an answer that can be admitted, '-' for one that cannot (not coming). */
export function checkedInCell(status: GuestStatus, checkedInAt: string | null): 'Yes' | 'No' | '-' {
  if (checkedInAt) return 'Yes';
  return status === 'confirmed' ? 'No' : '-';
}

/** How an answer came: 'rsvp' (free), 'ticket' (paid), 'legacy' (the sample landing form). */
export const TYPE_LABEL: Record<string, string> = { rsvp: 'RSVP', ticket: 'Ticket', legacy: 'Sample form' };

/** The Type column says something only when the rows shown differ in it (a free event's answers are all RSVPs). */
export function showTypeColumn(rows: readonly Pick<TGuestRow, 'type'>[]): boolean {
  return rows.some((r) => r.type !== rows[0]?.type);
}

/**
 * The actions a row offers (docs/product.md#guest-list): QR Code for a ticket, or for an attending guest
 * who may be given one (Generate; not while a paid answer is still at its checkout); SMS (the ticket's
 * link) only to a phone number, of a guest with a ticket. A declined or maybe answer has neither.
 */
export function rowActions(r: Pick<TGuestRow, 'status' | 'has_ticket' | 'phone' | 'payment_status'>): { qr: boolean; sms: boolean } {
  const qr = r.has_ticket || (r.status === 'confirmed' && r.payment_status !== 'pending');
  return { qr, sms: r.has_ticket && Boolean(r.phone) };
}
