/** Business constants (docs/product.md#limits-and-constants), shared by server and browser. */
export const GUESTS_MIN = 1;
export const GUESTS_MAX = 10;
/**
 * Unpaid checkout holds on one paid event (docs/product.md#payments, issue 29): seats held by open
 * checkouts from one client network (an IPv4 address or IPv6 /64), and from one normalised e-mail
 * (lower-cased, +tag dropped, Gmail dots dropped); how many times Pay now may hold an answer's seats
 * again after its checkout ended unpaid. Paid seats never count.
 */
export const HELD_SEATS_PER_CLIENT = 12;
export const HELD_SEATS_PER_EMAIL = GUESTS_MAX;
export const CHECKOUT_REOPENS_MAX = 3;
export const SMS_MAX_CHARS = 1600;
export const SMS_BATCH_SIZE = 5;
export const SMS_BATCH_PAUSE_MS = 1000;
export const GUEST_LIST_PAGE_SIZE = 40;
export const RETRY_DELAY_MS = 3000;
export const BACKFILL_DEFAULT_LIMIT = 1000;
export const PROGRESS_LINGER_MS = 2000;
export const DEFAULT_EVENT_HOURS = 4;
/** The earliest start or end an event may be given (calendar files and e-mails count from it). */
export const EVENT_DATE_EARLIEST = '1970-01-01T00:00:00Z';
export const CURRENCIES = ['usd', 'eur', 'gbp', 'cad'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'usd';
export const PHONE_DEFAULT_COUNTRY_CODE = '1';
export const SLUG_SUFFIX_LENGTH = 6;
/** Longest slug the form, the store and the public read accept (a generated one is cut to fit). */
export const SLUG_MAX_LENGTH = 80;
export const VERIFICATION_CODE_SHOWN = 16;
export const QR_WIDTH = 256;
export const QR_MARGIN = 2;
export const SOCIAL_IMAGE = { width: 1200, height: 675 } as const;
export const PREVIEW_IMAGE = { width: 600, height: 338 } as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const RSVP_STATUSES = ['confirmed', 'maybe', 'declined'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
/**
 * The waitlist's states of an RSVP (docs/product.md#waitlist): 'waitlisted' waits in line and holds no seat;
 * 'offered' holds its seats until it is claimed or its offer runs out. Never a guest's own answer.
 */
export const WAITLIST_STATUSES = ['waitlisted', 'offered'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** Every state an RSVP row may have: an answer, or a place on the waitlist. */
export const GUEST_STATUSES = [...RSVP_STATUSES, ...WAITLIST_STATUSES] as const;
export type GuestStatus = (typeof GUEST_STATUSES)[number];
/** The guest list's status filter: an answer, or 'waitlist' (the parties waiting or offered seats, in line order). */
export const GUEST_STATUS_FILTERS = [...RSVP_STATUSES, 'waitlist'] as const;
/** An answer a guest gives (not a place on the waitlist). */
export const isAnswerStatus = (s: GuestStatus): s is RsvpStatus => (RSVP_STATUSES as readonly string[]).includes(s);
/** How long a waitlist offer is held for its party when the host chose no other time, and the bounds of that choice. */
export const WAITLIST_OFFER_HOURS_DEFAULT = 24;
export const WAITLIST_OFFER_HOURS_MAX = 168;
export const DEFAULT_RSVP_BUTTON_TEXT = 'RSVP';
/** Account passwords: shortest and longest accepted (sign-up forms, owner setup, the CLI). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** An account's display name ("Hosted by …", the door's "by …"): at most this many characters. */
export const DISPLAY_NAME_MAX = 100;
export const THEME_DEFAULT_COLORS = {
  primary: '#32251b',
  secondary: '#32251b',
  accent: '#8B5CF6',
  background: '#f4e9d1',
  text: '#32251b',
} as const;
/** Sample event (docs/product.md#limits-and-constants): 2025-05-03 17:00–23:00 at UTC−5. */
export const SAMPLE_EVENT = { startISO: '2025-05-03T17:00:00-05:00', endISO: '2025-05-03T23:00:00-05:00' } as const;

/** Why a scan did not admit (a check-in verdict's `reason`, kept in the check-in log). */
export const CHECKIN_REFUSALS = [
  'invalid', // not a ticket of ours: forged, rotated or retired
  'other_event', // a valid ticket of another event
  'not_confirmed', // maybe, declined or unpaid
  'already_checked_in', // every guest of the RSVP is in already
  'not_checked_in', // an undo for someone not in
  'too_many', // more guests than the RSVP has left to admit (or to take back)
  'refunded', // the ticket or its whole order was refunded (docs/product.md#refunds)
] as const;
export type CheckinRefusal = (typeof CHECKIN_REFUSALS)[number];
/** Check-in: search results at most; the live stream's keep-alive. */
export const CHECKIN_SEARCH_LIMIT = 20;
export const CHECKIN_PING_MS = 15_000;
/** Kinds of server job (guest-list bulk actions) and their states (docs/product.md#guest-list). */
export const JOB_KINDS = ['send-tickets', 'qr-backfill', 'send-sms', 'guest-import'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/**
 * Server jobs cost e-mails, texts and rotated tickets: of each kind, a user starts at most
 * JOB_STARTS_PER_ACCOUNT and an event gets at most JOB_STARTS_PER_EVENT (all its hosts together) per
 * JOB_STARTS_WINDOW_SEC; past them, 429 with Retry-After (docs/product.md#limits-and-constants).
 */
export const JOB_STARTS_PER_ACCOUNT = 10;
export const JOB_STARTS_PER_EVENT = 10;
export const JOB_STARTS_WINDOW_SEC = 10 * 60;
/** What a host hears of new answers: nothing, each answer, or a daily digest (docs/product.md#rsvp-notifications). */
export const NOTIFY_RSVPS = ['off', 'each', 'digest'] as const;
export type NotifyRsvps = (typeof NOTIFY_RSVPS)[number];
/** A new event's guest reminders, in minutes before it starts: 1 day and 2 hours (docs/product.md#reminders). */
export const DEFAULT_REMINDER_MINUTES = [1440, 120] as const;
/** Reminders an event may have, and how early one may go: 30 days before the start at most, 15 minutes at least. */
export const MAX_REMINDERS = 5;
export const REMINDER_MINUTES_MIN = 15;
export const REMINDER_MINUTES_MAX = 30 * 1440;
/** A guest's reminders for an event: on, or turned off from their manage page. */
export const REMINDER_CHOICES = ['on', 'off'] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];
/** The dashboard's period, in days ("Period: Last 30 days"). */
export const DASHBOARD_PERIOD_DAYS = 30;
