import type { z } from 'zod';
import { manageRsvpHref } from '../../../common/hrefs.ts';
import type { TRsvpResult, ZRsvpInput } from '../../../common/schemas/rsvps.ts';
import { TICKET_SECRET_BYTES } from '../../db/schema/rsvps.ts';
import { randomBase64url } from '../../crypto/random-pool.ts';
import { isTicketSecret, ticketPagePath } from '../../domain/ticket-urls.ts';

/** An RSVP answer as the modules make it; the route adds how this server delivers e-mail. */
export type RsvpOutcome = Omit<TRsvpResult, 'email_delivery'>;

/** A validated RSVP form (trimmed, e-mail lower-cased, blanks dropped). */
export type RsvpAnswer = z.output<typeof ZRsvpInput>;

/** A new manage-page secret (as random as a ticket secret: 144 bits). */
export const newManageSecret = () => randomBase64url(TICKET_SECRET_BYTES);

/** Shaped like a manage secret (checked before any lookup): the same size and alphabet as a ticket secret. */
export const isManageSecret = isTicketSecret;

/** The answer to a first RSVP from an e-mail: its ticket (when confirmed) and manage links; its confirmation is queued. */
export function firstAnswerResult(r: {
  id: string;
  status: RsvpAnswer['status'];
  guest_count: number;
  ticket_secret: string;
  manage_secret: string;
}): RsvpOutcome {
  return {
    rsvp: { id: r.id, status: r.status, guest_count: r.guest_count },
    ticket_url: r.status === 'confirmed' ? ticketPagePath(r.ticket_secret) : null,
    manage_url: manageRsvpHref(r.manage_secret),
    checkout_url: null,
    already_answered: false,
    email_queued: true,
  };
}

/**
 * The answer when the e-mail already has an RSVP for the event: nothing of it (docs/decisions/0012-answers-belong-to-the-email.md).
 * `emailQueued`: a manage link went to the address now (false when one went within the last minutes).
 */
export const alreadyAnsweredResult = (emailQueued: boolean): RsvpOutcome => ({
  rsvp: null,
  ticket_url: null,
  manage_url: null,
  checkout_url: null,
  already_answered: true,
  email_queued: emailQueued,
});
