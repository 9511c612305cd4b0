import { z } from 'zod';
import { ZFormQuestion } from './questions.responses.ts';
import { REMINDER_CHOICES } from '../constants.ts';
import { EMAIL_DELIVERIES } from '../email-delivery.ts';
import { dateTime, id, rsvpStatus } from './responses.ts';
import { eventCore, ZEventTheme } from './events.responses.ts';

// RSVPs and tickets

/**
 * 'smtp': the e-mails an answer mentions go out; 'dev_mailbox': this server keeps them in its dev
 * mailbox and nothing reaches the guest, who must not be told otherwise (src/common/email-delivery.ts).
 */
export const ZEmailDelivery = z.enum(EMAIL_DELIVERIES).meta({ id: 'EmailDelivery' });

/**
 * The answer to the public RSVP form. A first answer from an e-mail: its RSVP, ticket and manage
 * links (201). An e-mail that already answered this event: nothing of that RSVP (`rsvp` and the
 * links null, `already_answered` true, 200); a manage link went to the address instead
 * (docs/decisions/0012-answers-belong-to-the-email.md).
 */
export const ZRsvpResult = z
  .strictObject({
    rsvp: z.strictObject({ id, status: rsvpStatus, guest_count: z.number().int() }).nullable(),
    /** /ticket/{ticket secret} for a confirmed first answer, null otherwise (never the RSVP id). */
    ticket_url: z.string().nullable(),
    /** /rsvp/{manage secret} of a first answer; null otherwise. */
    manage_url: z.string().nullable(),
    /** Paid events: the checkout page of a first 'yes' (docs/product.md#payments); null otherwise. */
    checkout_url: z.string().nullable(),
    already_answered: z.boolean(),
    /** An e-mail was queued: the confirmation of a first answer, or the manage link (at most once per RSVP in 10 minutes). */
    email_queued: z.boolean(),
    email_delivery: ZEmailDelivery,
  })
  .meta({ id: 'RsvpResult' });
export type TRsvpResult = z.infer<typeof ZRsvpResult>;

/** The sample page's legacy form: a first answer per phone number; a known number changes nothing. */
export const ZLegacyRsvpResult = z
  .strictObject({
    rsvp: z.strictObject({ id, status: z.enum(['confirmed', 'declined']) }).nullable(),
    ticket_url: z.string().nullable(),
    already_answered: z.boolean(),
  })
  .meta({ id: 'LegacyRsvpResult' });
export type TLegacyRsvpResult = z.infer<typeof ZLegacyRsvpResult>;

/** What a guest's manage page (/rsvp/{secret}) shows of their event: what the public page shows, and seats left. */
const ZGuestEvent = z.strictObject({
  ...eventCore,
  currency: z.string(),
  seats_left: z.number().int().nullable(),
  /** Paid events: cancelling a paid answer here refunds it (docs/product.md#payments); off, the guest must ask the organizer. */
  guest_refunds_allowed: z.boolean(),
  theme: ZEventTheme,
});

/**
 * A guest's own answer, to whoever holds its manage secret (the link e-mailed to the RSVP's address,
 * or this browser's cookie). Never the RSVP id, PIN or QR token: the ticket page shows those.
 */
export const ZManagedRsvp = z
  .strictObject({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    notes: z.string().nullable(),
    guest_count: z.number().int(),
    status: rsvpStatus,
    payment_status: z.string().nullable(),
    /** Paid events: the amount of the answer's checkout in the currency's minor units, and its currency. */
    payment_amount: z.number().int().nullable(),
    payment_currency: z.string().nullable(),
    /** /ticket/{ticket secret} while confirmed (and paid, on a paid event), else null. */
    ticket_url: z.string().nullable(),
    /** /rsvp/{manage secret}: this page (a new one after a cancel). */
    manage_url: z.string(),
    /** The event's reminders for this guest (docs/product.md#reminders): 'on', 'off' (turned off here), or null when the event sends none. */
    reminders: z.enum(REMINDER_CHOICES).nullable(),
    updated_at: dateTime,
    /** The guest's answers to the host's questions: question id → text, option id(s) or true (docs/product.md#custom-questions). */
    answers: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.boolean()])),
    /** The form's questions, for the change form. */
    questions: z.array(ZFormQuestion),
    event: ZGuestEvent,
    /** Whether the e-mails this page mentions reach the guest (src/common/email-delivery.ts). */
    email_delivery: ZEmailDelivery,
  })
  .meta({ id: 'ManagedRsvp' });
export type TManagedRsvp = z.infer<typeof ZManagedRsvp>;

export const ZManagedRsvpRead = z.strictObject({ rsvp: ZManagedRsvp });
export type TManagedRsvpRead = z.infer<typeof ZManagedRsvpRead>;

/** A guest's reminders for one event, on or off (PUT /api/public/rsvps/{manageSecret}/reminders, and its answer). */
export const ZReminderChoice = z
  .strictObject({ reminders: z.enum(REMINDER_CHOICES, "Choose 'on' or 'off'.") })
  .meta({ id: 'ReminderChoice' });
export type TReminderChoice = z.infer<typeof ZReminderChoice>;

export const ZManagedRsvpAnswer = z.strictObject({
  rsvp: ZManagedRsvp,
  /** A change queued an e-mail with the new state (false when nothing changed). */
  email_queued: z.boolean(),
});
export type TManagedRsvpAnswer = z.infer<typeof ZManagedRsvpAnswer>;

/** This browser's answer to an event (the remembered-guest card); null when it has none. */
export const ZMyRsvpAnswer = z.strictObject({
  rsvp: z
    .strictObject({
      status: rsvpStatus,
      guest_count: z.number().int(),
      name: z.string(),
      /** Paid events: 'paid', 'pending' (at the checkout, seats held), 'expired' or 'refunded'; null otherwise. */
      payment_status: z.string().nullable(),
      /** /ticket/{ticket secret} while confirmed (and paid, on a paid event), else null. */
      ticket_url: z.string().nullable(),
      manage_url: z.string(),
    })
    .nullable(),
});
export type TMyRsvpAnswer = z.infer<typeof ZMyRsvpAnswer>;

/** "Find your ticket": the same answer whether or not the address has RSVPs. */
export const ZFindTicketAnswer = z.strictObject({ ok: z.literal(true), email_delivery: ZEmailDelivery });
export type TFindTicketAnswer = z.infer<typeof ZFindTicketAnswer>;

/** The guest ticket page. */
export const ZTicket = z
  .strictObject({
    id,
    name: z.string(),
    guest_count: z.number().int(),
    status: rsvpStatus,
    payment_status: z.string().nullable(),
    /** The 6-digit door PIN; null unless confirmed. */
    pin: z.string().nullable(),
    created_at: dateTime,
    /** When the answer became 'confirmed' ("RSVP confirmed on …"); null unless confirmed. */
    confirmed_at: dateTime.nullable(),
    /** Relative image URLs (/qr/{ticket secret}.png|svg?v={qr_version}) and the URL the QR encodes; null unless confirmed. */
    qr_png_url: z.string().nullable(),
    qr_svg_url: z.string().nullable(),
    verification_url: z.string().nullable(),
    event: z.strictObject({
      id,
      slug: z.string(),
      title: z.string(),
      subtitle: z.string().nullable(),
      image_url: z.string().nullable(),
      event_date: dateTime,
      end_date: dateTime.nullable(),
      timezone: z.string(),
      location: z.string().nullable(),
      is_paid_event: z.boolean(),
      theme: ZEventTheme,
    }),
    /** One ticket of an order of ticket types (docs/product.md#ticket-types): "VIP · 1 of 2"; absent on an RSVP's own ticket. */
    ticket_label: z.string().optional(),
    /**
     * An order's page: its tickets, each with its own page (and there its QR code and PIN); empty while the order is
     * not paid. Absent on an RSVP without ticket types.
     */
    tickets: z
      .array(z.strictObject({ label: z.string(), admits: z.number().int(), amount: z.number().int(), ticket_url: z.string() }))
      .optional(),
    /** An order's currency (its tickets' amounts are minor units of it); absent on an RSVP without ticket types. */
    currency: z.string().optional(),
  })
  .meta({ id: 'Ticket' });
export type TTicket = z.infer<typeof ZTicket>;

/** A host's "regenerate QR" answer: the ticket's new token, image and page (the old ones answer 404 from now on). */
export const ZRegeneratedQr = z
  .strictObject({
    id,
    qr_version: z.number().int(),
    qr_code_data: z.string(),
    qr_code_url: z.string(),
    verification_url: z.string(),
    ticket_url: z.string(),
    /** The new ticket was queued to the guest's e-mail (false when the RSVP has no e-mail: the legacy form). */
    email_queued: z.boolean(),
    /** Whether this server's e-mail reaches the guest at all (src/common/email-delivery.ts). */
    email_delivery: ZEmailDelivery,
  })
  .meta({ id: 'RegeneratedQr' });
export type TRegeneratedQr = z.infer<typeof ZRegeneratedQr>;
