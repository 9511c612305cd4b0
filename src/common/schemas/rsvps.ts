import { z } from 'zod';
import { GUESTS_MAX, GUESTS_MIN, RSVP_STATUSES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { zEmail } from './email.ts';
import { zText } from './text.ts';

/** The public RSVP form (docs/product.md#rsvp-rules); the server checks the same schema. */
export const ZRsvpInput = z.object({
  name: zText({ error: MSG.rsvpMissing }).min(1, MSG.rsvpMissing).max(120, 'Use at most 120 characters.'),
  email: zEmail(MSG.rsvpMissing),
  phone: zText()
    .max(40, 'Use at most 40 characters.')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  notes: zText({ multiline: true })
    .max(1000, 'Use at most 1000 characters.')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  guest_count: z
    .number({ error: `Choose ${GUESTS_MIN} to ${GUESTS_MAX} guests.` })
    .int(`Choose ${GUESTS_MIN} to ${GUESTS_MAX} guests.`)
    .min(GUESTS_MIN, `Choose ${GUESTS_MIN} to ${GUESTS_MAX} guests.`)
    .max(GUESTS_MAX, `Choose ${GUESTS_MIN} to ${GUESTS_MAX} guests.`)
    .default(1),
  status: z.enum(RSVP_STATUSES).default('confirmed'),
});
export type TRsvpInput = z.input<typeof ZRsvpInput>;
/** What a form sends once checked: trimmed, blanks dropped, defaults filled. */
export type TRsvpPayload = z.output<typeof ZRsvpInput>;

export type TRsvpResult = {
  rsvp: { id: string; status: (typeof RSVP_STATUSES)[number]; guest_count: number; updated: boolean };
  /** /ticket/{ticket secret} for confirmed RSVPs, null otherwise (never the RSVP id). */
  ticket_url: string | null;
  /** A confirmation e-mail was queued; false for a resubmission that changed nothing on the ticket. */
  email_queued: boolean;
};

/** The guest ticket page (docs/product.md#ticket-page). */
export type TTicket = {
  id: string;
  name: string;
  guest_count: number;
  status: (typeof RSVP_STATUSES)[number];
  payment_status: string | null;
  /** The 6-digit door PIN; null unless confirmed. */
  pin: string | null;
  created_at: string;
  /** When the answer became 'confirmed' ("RSVP confirmed on …"); null unless confirmed. */
  confirmed_at: string | null;
  /** Relative image URLs (/qr/{ticket secret}.png|svg?v={qr_version}) and the URL the QR encodes; null unless confirmed. */
  qr_png_url: string | null;
  qr_svg_url: string | null;
  verification_url: string | null;
  event: {
    id: string;
    slug: string;
    title: string;
    subtitle: string | null;
    image_url: string | null;
    event_date: string;
    end_date: string | null;
    timezone: string;
    location: string | null;
    is_paid_event: boolean;
  };
};
