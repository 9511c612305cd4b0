import { z } from 'zod';
import { EMAIL_DELIVERIES } from '../email-delivery.ts';
import { CHECKIN_REFUSALS, CURRENCIES, JOB_KINDS, JOB_STATUSES, NOTIFY_RSVPS, RSVP_STATUSES } from '../constants.ts';
import { EVENT_ROLES, TEAM_ROLES } from '../event-roles.ts';
import { UUID_PATTERN } from './ids.ts';
import { ZThemeColors } from './theme-colors.ts';
import { ZSmsDelivery } from './sms.ts';

/**
 * What the API answers, as zod schemas: the server's routes declare them (so `c.json` is checked
 * against them and /api/openapi.json describes them), and the browser imports their types (T…).
 * Strict objects: a response carries exactly these fields, never a column more. Kept apart from the
 * form schemas so that no guest page bundles them (the browser imports types only).
 */

const id = z.string().regex(UUID_PATTERN);
const dateTime = z.iso.datetime();
const rsvpStatus = z.enum(RSVP_STATUSES);

/** Every error answer: `{"error":{code,message,fields?}}` (`requestId` on a 500). */
export const ZErrorBody = z
  .strictObject({
    error: z.strictObject({
      code: z.string().meta({ example: 'validation_failed' }),
      message: z.string(),
      /** Field name → what is wrong with it. */
      fields: z.record(z.string(), z.string()).optional(),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'Error' });
export type TErrorBody = z.infer<typeof ZErrorBody>;

// Events

/** The fields hosts and the public both see. */
const eventCore = {
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
const ZEventTheme = z.strictObject({ name: z.string(), colors: ZThemeColors }).nullable();

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
    stripe_publishable_key: z.string().nullable(),
    stripe_secret_key_masked: z.string().nullable(),
    /** The webhook signing secret's masked hint ('whsec_…abcd'); the secret itself is write-only. */
    stripe_webhook_secret_masked: z.string().nullable(),
    /** Guests may cancel a paid answer through their manage link and get a refund (docs/product.md#payments). */
    guest_refunds_allowed: z.boolean(),
    /** What the signed-in user is to this event (docs/decisions/0011-event-roles.md). */
    role: z.enum(EVENT_ROLES),
    /** New-RSVP e-mails to the owner and co-hosts: off, each answer, or a daily digest (docs/product.md#rsvp-notifications). */
    notify_rsvps: z.enum(NOTIFY_RSVPS),
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
    /** The landing template's host line; only the seeded sample event has one (hosts cannot set it). */
    host_line: z.string().nullable(),
    currency: z.string(),
    /** Seats left when capped, null when unlimited. */
    seats_left: z.number().int().nullable(),
    /** Guests going (seats held by confirmed answers, less those held at unpaid checkouts) when the host shows the count, else null. */
    going: z.number().int().nullable(),
    /** Paid events with a cap: seats held by unpaid checkouts (counted in seats taken, not yet sold); else null. */
    seats_held: z.number().int().nullable(),
    theme: ZEventTheme,
  })
  .meta({ id: 'PublicEvent' });
export type TPublicEvent = z.infer<typeof ZPublicEvent>;

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

/** Who an invitation is for; `event_title` is null for the owner's invitation to host (the People page). */
export const ZInvitation = z.strictObject({ email: z.string(), event_title: z.string().nullable() }).meta({ id: 'Invitation' });
export type TInvitation = z.infer<typeof ZInvitation>;

// People (docs/product.md#people; owner only)

/** One of a person's events and what they are to it. */
export const ZPersonEvent = z.strictObject({ id, title: z.string(), role: z.enum(EVENT_ROLES), is_paid_event: z.boolean() });
export type TPersonEvent = z.infer<typeof ZPersonEvent>;

/** Someone with an account, as the owner's People page lists them. */
export const ZPerson = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** An owner account of this Turnout (created at setup or by the CLI). */
    is_owner: z.boolean(),
    two_factor: z.boolean(),
    deactivated_at: dateTime.nullable(),
    created_at: dateTime,
    /** The latest use of any of their sessions; null when they have none. */
    last_active_at: dateTime.nullable(),
    events: z.array(ZPersonEvent),
  })
  .meta({ id: 'Person' });
export type TPerson = z.infer<typeof ZPerson>;

/** An open invitation to host (sent from the People page, not yet accepted, not expired). */
export const ZHostingInvitation = z.strictObject({ email: z.string(), created_at: dateTime, expires_at: dateTime });
export type THostingInvitation = z.infer<typeof ZHostingInvitation>;

export const ZPeople = z.strictObject({ people: z.array(ZPerson), invitations: z.array(ZHostingInvitation) }).meta({ id: 'People' });
export type TPeople = z.infer<typeof ZPeople>;

/** POST /api/people/{id}/deactivate and /reactivate: the person now, and how many events moved to the owner. */
export const ZPersonAnswer = z.strictObject({ person: ZPerson, events_transferred: z.number().int() });
export type TPersonAnswer = z.infer<typeof ZPersonAnswer>;

export const ZInstanceSettings = z.strictObject({ require_two_factor_for_paid: z.boolean() }).meta({ id: 'InstanceSettings' });
export type TInstanceSettings = z.infer<typeof ZInstanceSettings>;

/** POST /api/media answer: the 1200×675 social image and its ~600×338 preview. */
export const ZMediaUpload = z.strictObject({ image_url: z.string(), preview_image_url: z.string() }).meta({ id: 'MediaUpload' });
export type TMediaUpload = z.infer<typeof ZMediaUpload>;

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
    updated_at: dateTime,
    event: ZGuestEvent,
    /** Whether the e-mails this page mentions reach the guest (src/common/email-delivery.ts). */
    email_delivery: ZEmailDelivery,
  })
  .meta({ id: 'ManagedRsvp' });
export type TManagedRsvp = z.infer<typeof ZManagedRsvp>;

export const ZManagedRsvpRead = z.strictObject({ rsvp: ZManagedRsvp });
export type TManagedRsvpRead = z.infer<typeof ZManagedRsvpRead>;

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
  })
  .meta({ id: 'RegeneratedQr' });
export type TRegeneratedQr = z.infer<typeof ZRegeneratedQr>;

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
    guest_count: z.number().int(),
    notes: z.string().nullable(),
    attended: z.boolean(),
    checked_in_at: dateTime.nullable(),
    created_at: dateTime,
    /** Confirmed with a signed QR ticket. */
    has_ticket: z.boolean(),
    /** The latest SMS to this guest and where it is (null: never texted). */
    sms: ZSmsDelivery.nullable(),
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
    totals: z.strictObject({ confirmed: z.number().int(), maybe: z.number().int(), declined: z.number().int() }),
  })
  .meta({ id: 'GuestList' });
export type TGuestList = z.infer<typeof ZGuestList>;

/** One guest as the RSVP detail and QR dialogs show it. */
export const ZGuestDetail = ZGuestRow.extend({
  qr_version: z.number().int(),
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
export const ZTicketSent = z.strictObject({ queued: z.boolean(), to: z.string() }).meta({ id: 'TicketSent' });
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

// Accounts: Better Auth's answers (its objects may carry more fields than these)

export const ZAuthUser = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    image: z.string().nullish(),
    emailVerified: z.boolean(),
    role: z.string().optional(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: 'AuthUser' });
export type TAuthUser = z.infer<typeof ZAuthUser>;

/** A successful sign-in (also the answer of the owner setup and of accepting an invitation): the session cookie is set. */
export const ZSignInResult = z
  .object({ redirect: z.boolean(), token: z.string(), url: z.string().optional(), user: ZAuthUser })
  .meta({ id: 'SignInResult' });
export type TSignInResult = z.infer<typeof ZSignInResult>;

/** GET /api/auth/get-session: the session and its user, or null when signed out. */
export const ZSession = z
  .object({
    session: z.object({ id: z.string(), userId: z.string(), expiresAt: dateTime, createdAt: dateTime, updatedAt: dateTime }),
    user: ZAuthUser,
  })
  .nullable()
  .meta({ id: 'Session' });
export type TSession = z.infer<typeof ZSession>;

export const ZSignOutResult = z.object({ success: z.boolean() }).meta({ id: 'SignOutResult' });
export type TSignOutResult = z.infer<typeof ZSignOutResult>;

export const ZSetupState = z.strictObject({ needsOwner: z.boolean() });
export type TSetupState = z.infer<typeof ZSetupState>;

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
export const ZCheckinStats = z.strictObject({ event_id: id, guests: ZCheckinCounts, rsvps: ZCheckinCounts }).meta({ id: 'CheckinStats' });
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
