import { z } from 'zod';
import { ZPublicTicketType } from './ticket-types.ts';
import { CURRENCIES, NOTIFY_RSVPS } from '../constants.ts';
import { EVENT_ROLES, TEAM_ROLES } from '../event-roles.ts';
import { ZThemeColors } from './theme-colors.ts';
import { dateTime, id } from './responses.ts';
import { ZFormQuestion } from './questions.responses.ts';

// Events

/** The fields hosts and the public both see. */
export const eventCore = {
  id,
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image_url: z.string().nullable(),
  preview_image_url: z.string().nullable(),
  event_date: dateTime,
  end_date: dateTime.nullable(),
  timezone: z.string(),
  location: z.string().nullable(),
  main_body_intro: z.string().nullable(),
  main_body_description: z.string().nullable(),
  call_to_action: z.string().nullable(),
  rsvp_button_text: z.string(),
  max_attendees: z.number().int().nullable(),
  is_paid_event: z.boolean(),
  ticket_price: z.number().nullable(),
};
export type TEventCore = z.infer<z.ZodObject<typeof eventCore>>;

/** An event's theme as guest pages wear it; null for the default look. */
export const ZEventTheme = z.strictObject({ name: z.string(), colors: ZThemeColors }).nullable();

/**
 * One of an event's guest reminders: `due_at` is when it goes (whole days before the start on the event's
 * local calendar); 'pending' until then, 'sent' with how many guests it e-mailed and texted, or 'skipped'
 * (it was already due when it was set, or a later reminder went in its place).
 */
export const ZReminder = z
  .strictObject({
    minutes_before: z.number().int(),
    due_at: dateTime,
    status: z.enum(['pending', 'sent', 'skipped']),
    emails: z.number().int(),
    texts: z.number().int(),
  })
  .meta({ id: 'Reminder' });
export type TReminder = z.infer<typeof ZReminder>;

/** What hosts see of their event. Never the secret key: only its masked hint ('sk_live_…abcd'). */
export const ZEventAdmin = z
  .strictObject({
    ...eventCore,
    currency: z.enum(CURRENCIES),
    user_id: z.string(),
    seats_taken: z.number().int(),
    /** The public page shows how many guests are going. */
    show_guest_count: z.boolean(),
    theme_id: id.nullable(),
    is_active: z.boolean(),
    /** Sites that may frame the RSVP form (docs/product.md#embedding). */
    embed_origins: z.array(z.string()),
    stripe_publishable_key: z.string().nullable(),
    stripe_secret_key_masked: z.string().nullable(),
    /** The webhook signing secret's masked hint ('whsec_…abcd'); the secret itself is write-only. */
    stripe_webhook_secret_masked: z.string().nullable(),
    /** The host's Stripe account this event is paid into (docs/product.md#stripe-account); null = the event's own keys. */
    stripe_account_id: id.nullable(),
    /** Guests may cancel a paid answer through their manage link and get a refund (docs/product.md#payments). */
    guest_refunds_allowed: z.boolean(),
    /** The waitlist (docs/product.md#waitlist): null = off; else on, an offer of freed seats held this many hours. */
    waitlist_offer_hours: z.number().int().nullable(),
    /** What the signed-in user is to this event (docs/decisions/0011-event-roles.md). */
    role: z.enum(EVENT_ROLES),
    /** New-RSVP e-mails to the owner and co-hosts: off, each answer, or a daily digest (docs/product.md#rsvp-notifications). */
    notify_rsvps: z.enum(NOTIFY_RSVPS),
    /** The guests' reminders, latest first (docs/product.md#reminders): when each goes, and what became of it. */
    reminders: z.array(ZReminder),
    created_at: dateTime,
    updated_at: dateTime,
  })
  .meta({ id: 'EventAdmin' });
export type TEventAdmin = z.infer<typeof ZEventAdmin>;

/** An event card's numbers (docs/product.md#guest-list): the seat counter and one grouped aggregate. */
export const ZEventCounts = z
  .strictObject({
    /** Guests coming: the sum of party sizes of confirmed RSVPs (events.seats_taken). */
    going_guests: z.number().int(),
    /** Confirmed RSVPs. */
    going_rsvps: z.number().int(),
    maybe: z.number().int(),
    declined: z.number().int(),
    /** Of going_guests, the seats held by unpaid checkouts of a paid event (taken, not sold yet); 0 when none. */
    held_seats: z.number().int(),
    /** max_attendees − going_guests when capped, null when unlimited. */
    spots_left: z.number().int().nullable(),
  })
  .meta({ id: 'EventCounts' });
export type TEventCounts = z.infer<typeof ZEventCounts>;

/** An event as the admin list shows it: the event and its card's numbers. */
export const ZEventListItem = ZEventAdmin.extend({ counts: ZEventCounts }).meta({ id: 'EventListItem' });
export type TEventListItem = z.infer<typeof ZEventListItem>;

export const ZEventList = z.strictObject({ events: z.array(ZEventListItem) });
export type TEventList = z.infer<typeof ZEventList>;
export const ZEventAnswer = z.strictObject({ event: ZEventAdmin });
export type TEventAnswer = z.infer<typeof ZEventAnswer>;

/** What anyone may read of an active event: explicit columns, no keys, no owner data. */
export const ZPublicEvent = z
  .strictObject({
    ...eventCore,
    /** "Hosted by …": the seeded sample event's own line (hosts cannot set it), else hostedBy(host_name). */
    host_line: z.string().nullable(),
    /** The owner's display name (docs/product.md#public-event-page: "Hosted by …"); null when the event has no owner account. */
    host_name: z.string().nullable(),
    currency: z.string(),
    /** Seats left when capped, null when unlimited. */
    seats_left: z.number().int().nullable(),
    /** Guests going (seats held by confirmed answers, less those held at unpaid checkouts) when the host shows the count, else null. */
    going: z.number().int().nullable(),
    /** Paid events with a cap: seats held by unpaid checkouts (counted in seats taken, not yet sold); else null. */
    seats_held: z.number().int().nullable(),
    /** The host's waitlist is on: a full event offers "Join the waitlist" (docs/product.md#waitlist). */
    waitlist: z.boolean(),
    /** Sites whose pages may frame /embed/:id (docs/product.md#embedding); their CSP names them anyway. */
    embed_origins: z.array(z.string()),
    theme: ZEventTheme,
    /** The host's own questions on the RSVP form, in order (docs/product.md#custom-questions). */
    questions: z.array(ZFormQuestion),
    /**
     * The visible ticket types with what is left of each (docs/product.md#ticket-types); absent on an event without
     * types (one price or free, as before).
     */
    ticket_types: z.array(ZPublicTicketType).optional(),
    /**
     * The tax and booking fee an order of ticket types pays (docs/product.md#taxes-and-fees); absent when there are
     * none. Rates in basis points (2000 = 20%), the fee in minor units per priced ticket.
     */
    charges: z
      .strictObject({
        tax_name: z.string().nullable(),
        tax_rate_bp: z.number().int().nullable(),
        tax_inclusive: z.boolean(),
        booking_fee: z.number().int(),
      })
      .optional(),
  })
  .meta({ id: 'PublicEvent' });
export type TPublicEvent = z.infer<typeof ZPublicEvent>;

/** An active event's seat figures alone: what a page served from a shared cache asks for fresh. */
export const ZPublicEventSeats = z
  .strictObject(ZPublicEvent.pick({ seats_left: true, going: true, seats_held: true }).shape)
  .meta({ id: 'PublicEventSeats' });
export type TPublicEventSeats = z.infer<typeof ZPublicEventSeats>;

export const ZPublicEventAnswer = z.strictObject({ event: ZPublicEvent });
export type TPublicEventAnswer = z.infer<typeof ZPublicEventAnswer>;

export const ZTheme = z.strictObject({ id, name: z.string(), colors: ZThemeColors, is_default: z.boolean() }).meta({ id: 'Theme' });
export type TTheme = z.infer<typeof ZTheme>;
export const ZThemeList = z.strictObject({ themes: z.array(ZTheme) });
export type TThemeList = z.infer<typeof ZThemeList>;
export const ZThemeAnswer = z.strictObject({ theme: ZTheme });
export type TThemeAnswer = z.infer<typeof ZThemeAnswer>;

export const ZHost = z
  .strictObject({ email: z.string(), role: z.enum(TEAM_ROLES), created_at: dateTime, has_account: z.boolean() })
  .meta({ id: 'Host' });
export type THost = z.infer<typeof ZHost>;
export const ZHostList = z.strictObject({ hosts: z.array(ZHost) });
export type THostList = z.infer<typeof ZHostList>;
export const ZHostAnswer = z.strictObject({ host: ZHost });
export type THostAnswer = z.infer<typeof ZHostAnswer>;

/**
 * Who an invitation is for and the role it grants; `event_title` and `role` are null for the owner's
 * invitation to host (the People page).
 */
export const ZInvitation = z
  .strictObject({ email: z.string(), event_title: z.string().nullable(), role: z.enum(TEAM_ROLES).nullable() })
  .meta({ id: 'Invitation' });
export type TInvitation = z.infer<typeof ZInvitation>;

/** POST /api/media answer: the 1200×675 social image and its ~600×338 preview. */
export const ZMediaUpload = z.strictObject({ image_url: z.string(), preview_image_url: z.string() }).meta({ id: 'MediaUpload' });
export type TMediaUpload = z.infer<typeof ZMediaUpload>;
