import { z } from 'zod';
import { ZRsvpInput } from './rsvps.ts';
import { id, dateTime } from './responses.ts';
import { ZEmailDelivery } from './rsvps.responses.ts';

/** Joining an event's waitlist (docs/product.md#waitlist): the RSVP form's fields without the answer. */
export const ZWaitlistInput = ZRsvpInput.omit({ status: true });
export type TWaitlistInput = z.input<typeof ZWaitlistInput>;

/**
 * A party's place on the waitlist, as its RSVP page shows it (GET /api/public/rsvps/{secret}/waitlist): waiting
 * with its place in line (1 = next), offered with the deadline of the offer, or no longer on the list (null).
 */
export const ZWaitlistPlace = z
  .strictObject({
    status: z.enum(['waitlisted', 'offered']),
    /** 1-based place among the parties still waiting; null once offered. */
    place: z.number().int().nullable(),
    guest_count: z.number().int(),
    /** While offered: the seats are held until then. */
    offer_until: dateTime.nullable(),
    /** The event's time zone: the deadline is shown in it. */
    timezone: z.string(),
    /** A paid event: claiming opens the checkout. */
    paid: z.boolean(),
  })
  .meta({ id: 'WaitlistPlace' });
export type TWaitlistPlace = z.infer<typeof ZWaitlistPlace>;

/** The answer to a join: like the RSVP form's, a known e-mail learns nothing (ADR 0012) and gets its link by e-mail. */
export const ZWaitlistJoinResult = z
  .strictObject({
    rsvp: z.strictObject({ id, status: z.enum(['waitlisted', 'offered']), guest_count: z.number().int() }).nullable(),
    /** 1-based place in line ("You're 3rd"); null when offered at once or for a known e-mail. */
    place: z.number().int().nullable(),
    offer_until: dateTime.nullable(),
    manage_url: z.string().nullable(),
    already_answered: z.boolean(),
    email_queued: z.boolean(),
    email_delivery: ZEmailDelivery,
  })
  .meta({ id: 'WaitlistJoinResult' });
export type TWaitlistJoinResult = z.infer<typeof ZWaitlistJoinResult>;

/** A claimed offer: the ticket of a free event, or the checkout of a paid one. */
export const ZWaitlistClaimResult = z
  .strictObject({ ticket_url: z.string().nullable(), checkout_url: z.string().nullable(), manage_url: z.string() })
  .meta({ id: 'WaitlistClaimResult' });
export type TWaitlistClaimResult = z.infer<typeof ZWaitlistClaimResult>;

/** A host's "Offer seats / move to the front" on a waiting party. */
export const ZWaitlistPromoteResult = z
  .strictObject({ status: z.enum(['waitlisted', 'offered']), place: z.number().int().nullable() })
  .meta({ id: 'WaitlistPromoteResult' });
export type TWaitlistPromoteResult = z.infer<typeof ZWaitlistPromoteResult>;
