import { z } from 'zod';
import { JOB_KINDS, JOB_STATUSES } from '../constants.ts';
import { ZEmailDelivery } from './rsvps.responses.ts';
import { ZSmsDelivery } from './sms.ts';
import { dateTime, id, rsvpStatus } from './responses.ts';

// Guest list (docs/product.md#guest-list; the requests are in guests.ts)

/** The host dashboard's tiles: real totals over the last `period.days` days of the events the user manages. */
export const ZDashboardSummary = z
  .strictObject({
    period: z.strictObject({ days: z.number().int(), from: dateTime, to: dateTime }),
    events: z.strictObject({
      /** Active events starting from now on. */
      upcoming: z.number().int(),
      /** RSVPs received in the period (any answer). */
      rsvps_received: z.number().int(),
      /** Guests (party sizes) of the confirmed RSVPs received in the period. */
      guests_going: z.number().int(),
    }),
    check_in: z.strictObject({
      /** Guests (party sizes) checked in during the period. */
      checked_in: z.number().int(),
      /** Confirmed guests of events starting in the period or later who are not checked in yet. */
      pending: z.number().int(),
    }),
  })
  .meta({ id: 'DashboardSummary' });
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;

/** One row of the guest list (and of the CSV). */
export const ZGuestRow = z
  .strictObject({
    id,
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** The 6-digit door PIN, null when none was assigned (not confirmed). */
    pin: z.string().nullable(),
    status: rsvpStatus,
    /** 'rsvp' (free), 'ticket' (paid), 'legacy' (sample landing form). */
    type: z.string(),
    payment_status: z.string().nullable(),
    /** Paid events: the amount charged in the currency's minor units (cents), its currency, and Stripe's payment id. */
    payment_amount: z.number().int().nullable(),
    payment_currency: z.string().nullable(),
    payment_id: z.string().nullable(),
    /**
     * An order's promo code as applied (docs/product.md#promo-codes), null without one; and what the order's amount is
     * made of, minor units: the code's discount, the booking fee and the tax (0 when none).
     */
    promo_code: z.string().nullable(),
    discount_amount: z.number().int(),
    fee_amount: z.number().int(),
    tax_amount: z.number().int(),
    /** What has been refunded of payment_amount so far (docs/product.md#refunds): 0 < it < payment_amount is "partly refunded". */
    refunded_amount: z.number().int(),
    guest_count: z.number().int(),
    notes: z.string().nullable(),
    attended: z.boolean(),
    checked_in_at: dateTime.nullable(),
    created_at: dateTime,
    /** Confirmed with a signed QR ticket. */
    has_ticket: z.boolean(),
    /** A waiting party's place in line, 1 = next (docs/product.md#waitlist); null for any other row. */
    waitlist_place: z.number().int().nullable(),
    /** The latest SMS to this guest and where it is (null: never texted). */
    sms: ZSmsDelivery.nullable(),
    /** Answers to the host's questions (docs/product.md#custom-questions): question id → text; a blank answer is absent. */
    answers: z.record(z.string(), z.string()),
    /**
     * An order of ticket types (docs/product.md#ticket-types): each ticket's label ("VIP · 1 of 2"), the amount paid for it
     * (minor units of payment_currency, else the event's) and its admissions so far. Absent on an RSVP without types.
     * `refunded_amount`: what of it was refunded (null: not refunded; docs/product.md#refunds); `refunding`: a refund of it is
     * under way or done (it cannot be chosen again).
     */
    tickets: z
      .array(
        z.strictObject({
          id: z.string(),
          label: z.string(),
          admits: z.number().int(),
          amount: z.number().int(),
          checked_in_count: z.number().int(),
          refunded_amount: z.number().int().nullable(),
          refunding: z.boolean(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'GuestRow' });
export type TGuestRow = z.infer<typeof ZGuestRow>;

export const ZGuestList = z
  .strictObject({
    rows: z.array(ZGuestRow),
    /** RSVPs matching the filters (all pages). */
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** Confirmed and declined rows on this page (maybe is neither). */
    page_confirmed: z.number().int(),
    page_declined: z.number().int(),
    /** Per status over every matching RSVP (all pages). */
    /** `waitlist`: parties waiting or offered seats (docs/product.md#waitlist). */
    totals: z.strictObject({
      confirmed: z.number().int(),
      maybe: z.number().int(),
      declined: z.number().int(),
      waitlist: z.number().int(),
    }),
  })
  .meta({ id: 'GuestList' });
export type TGuestList = z.infer<typeof ZGuestList>;

/** One guest as the RSVP detail and QR dialogs show it. */
export const ZGuestDetail = ZGuestRow.extend({
  qr_version: z.number().int(),
  /** The guest stopped the event's reminders (docs/product.md#reminders). */
  reminders_off: z.boolean(),
  confirmed_at: dateTime.nullable(),
  /** Confirmed only (else null): relative QR image URLs, the ticket page and the URL the QR encodes. */
  qr_png_url: z.string().nullable(),
  qr_svg_url: z.string().nullable(),
  ticket_url: z.string().nullable(),
  verification_url: z.string().nullable(),
  /** The ticket's current short link, if one was made (a rotated ticket's old one no longer opens). */
  short_url: z.string().nullable(),
}).meta({ id: 'GuestDetail' });
export type TGuestDetail = z.infer<typeof ZGuestDetail>;
export const ZGuestDetailAnswer = z.strictObject({
  rsvp: ZGuestDetail,
  /** PATCH only: the guest's e-mail about the changed answer was queued. */
  email_queued: z.boolean().optional(),
});
export type TGuestDetailAnswer = z.infer<typeof ZGuestDetailAnswer>;

/** POST …/send-ticket: the ticket e-mail was queued to `to`. */
export const ZTicketSent = z
  .strictObject({
    /** false: the same ticket was already queued within the last minute, and no second e-mail was made. */
    queued: z.boolean(),
    to: z.string(),
    /** Whether this server's e-mail reaches the guest at all (src/common/email-delivery.ts). */
    email_delivery: ZEmailDelivery,
  })
  .meta({ id: 'TicketSent' });
export type TTicketSent = z.infer<typeof ZTicketSent>;

export const ZShortLink = z
  .strictObject({ code: z.string(), short_url: z.string(), target: z.literal('ticket') })
  .meta({ id: 'ShortLink' });
export type TShortLink = z.infer<typeof ZShortLink>;

/** A server job (bulk ticket e-mail, QR backfill): poll GET /api/jobs/{id} for progress; survives a reload. */
export const ZJob = z
  .strictObject({
    id,
    kind: z.enum(JOB_KINDS),
    status: z.enum(JOB_STATUSES),
    event_id: id.nullable(),
    /** Items to process, processed, and failed among them. */
    total: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
    /** When done: send-tickets {queued, skipped}; qr-backfill {processed, updated, dry_run}. Failed: {error}. */
    result: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).nullable(),
    created_at: dateTime,
    updated_at: dateTime,
    finished_at: dateTime.nullable(),
  })
  .meta({ id: 'Job' });
export type TJob = z.infer<typeof ZJob>;
export const ZJobAnswer = z.strictObject({ job: ZJob });
export type TJobAnswer = z.infer<typeof ZJobAnswer>;
