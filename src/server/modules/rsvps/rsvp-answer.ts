import type { z } from 'zod';
import type { TRsvpResult, ZRsvpInput } from '../../../common/schemas/rsvps.ts';
import { ticketPagePath } from '../tickets/ticket-urls.ts';

/** A validated RSVP form (trimmed, e-mail lower-cased, blanks dropped). */
export type RsvpAnswer = z.output<typeof ZRsvpInput>;

/**
 * `emailQueued`: this answer queued a confirmation e-mail. The ticket URL is answered only to a first
 * answer: whoever re-posts a known e-mail must not learn the current (perhaps just rotated) ticket
 * secret, so an update's ticket link goes only by e-mail (docs/decisions/0010-ticket-secrets.md).
 */
export function rsvpResult(
  r: { id: string; status: RsvpAnswer['status']; guest_count: number; ticket_secret: string },
  opts: { updated: boolean; emailQueued: boolean },
): TRsvpResult {
  return {
    rsvp: { id: r.id, status: r.status, guest_count: r.guest_count, updated: opts.updated },
    ticket_url: r.status === 'confirmed' && !opts.updated ? ticketPagePath(r.ticket_secret) : null,
    email_queued: opts.emailQueued,
  };
}
