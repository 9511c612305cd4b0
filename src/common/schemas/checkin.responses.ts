import { z } from 'zod';
import { CHECKIN_REFUSALS } from '../constants.ts';
import { EVENT_ROLES } from '../event-roles.ts';
import { dateTime, id, rsvpStatus } from './responses.ts';

// Check-in (docs/product.md#check-in; requests in checkin.ts)

/** An event the signed-in user may check in, with their role. */
export const ZCheckinEvent = z
  .strictObject({
    id,
    title: z.string(),
    event_date: dateTime,
    end_date: dateTime.nullable(),
    timezone: z.string(),
    location: z.string().nullable(),
    image_url: z.string().nullable(),
    is_paid_event: z.boolean(),
    role: z.enum(EVENT_ROLES),
  })
  .meta({ id: 'CheckinEvent' });
export type TCheckinEvent = z.infer<typeof ZCheckinEvent>;
export const ZCheckinEventList = z.strictObject({ events: z.array(ZCheckinEvent) });
export type TCheckinEventList = z.infer<typeof ZCheckinEventList>;

const ZCheckinCounts = z.strictObject({ total: z.number().int(), checked_in: z.number().int(), pending: z.number().int() });
/** Confirmed (or paid) answers: counted in guests (party sizes, admissions) and in RSVPs (one in = checked in). */
export const ZCheckinStats = z
  .strictObject({
    event_id: id,
    guests: ZCheckinCounts,
    rsvps: ZCheckinCounts,
    /** An event with ticket types (docs/product.md#ticket-types): guests per type, in the host's order; absent without types. */
    by_type: z.array(z.strictObject({ name: z.string(), counts: ZCheckinCounts })).optional(),
  })
  .meta({ id: 'CheckinStats' });
export type TCheckinStats = z.infer<typeof ZCheckinStats>;

/** The last admission of a guest: when, by whom, on which device. */
const ZLastCheckin = z.strictObject({ at: dateTime, by: z.string().nullable(), device: z.string().nullable() });

/** The guest a verdict is about: what the door needs to see, no e-mail. */
export const ZCheckinGuest = z
  .strictObject({
    rsvp_id: id,
    name: z.string(),
    phone: z.string().nullable(),
    guest_count: z.number().int(),
    checked_in_count: z.number().int(),
    status: rsvpStatus,
    payment_status: z.string().nullable(),
    /** The first 16 characters of the verification code. */
    code_prefix: z.string(),
    checked_in_at: dateTime.nullable(),
    last_checkin: ZLastCheckin.nullable(),
    /**
     * The order ticket the code named (an event with ticket types: docs/product.md#ticket-types): "VIP · 1 of 2",
     * whom it admits and how many of them are in. Absent when the code named the RSVP itself.
     */
    ticket: z.strictObject({ label: z.string(), admits: z.number().int(), checked_in_count: z.number().int() }).optional(),
  })
  .meta({ id: 'CheckinGuest' });
export type TCheckinGuest = z.infer<typeof ZCheckinGuest>;

/**
 * What a scan, a verification, an admission or an undo found. `ok`: the ticket is valid for this event
 * (verify) or the change was made (redeem, undo); otherwise `reason` says why. `admitted`: guests this
 * request admitted (negative for an undo). `replay`: the same nonce was seen before: this is that verdict.
 */
export const ZCheckinVerdict = z
  .strictObject({
    ok: z.boolean(),
    reason: z.enum(CHECKIN_REFUSALS).nullable(),
    admitted: z.number().int(),
    replay: z.boolean(),
    event: z.strictObject({ id, title: z.string(), image_url: z.string().nullable(), is_paid_event: z.boolean() }),
    guest: ZCheckinGuest.nullable(),
  })
  .meta({ id: 'CheckinVerdict' });
export type TCheckinVerdict = z.infer<typeof ZCheckinVerdict>;

export const ZCheckinSearch = z.strictObject({
  guests: z.array(ZCheckinGuest.omit({ last_checkin: true }).extend({ pin: z.string().nullable() })),
});
export type TCheckinSearch = z.infer<typeof ZCheckinSearch>;

/**
 * The ticket verification page. `access: 'team'` (a signed-in team member of the ticket's event): the
 * verdict. `'public'`: only whether the ticket is valid and for which event.
 */
export const ZTicketVerification = z
  .strictObject({
    access: z.enum(['team', 'public']),
    valid: z.boolean(),
    event: z.strictObject({ id, title: z.string(), image_url: z.string().nullable() }).nullable(),
    verdict: ZCheckinVerdict.nullable(),
  })
  .meta({ id: 'TicketVerification' });
export type TTicketVerification = z.infer<typeof ZTicketVerification>;
