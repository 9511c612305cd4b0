import { z } from 'zod';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_REMINDER_MINUTES,
  EVENT_DATE_EARLIEST,
  MAX_REMINDERS,
  NOTIFY_RSVPS,
  PASSWORD_MAX,
  REMINDER_MINUTES_MAX,
  REMINDER_MINUTES_MIN,
  SLUG_MAX_LENGTH,
  WAITLIST_OFFER_HOURS_MAX,
} from '../constants.ts';
import { MSG } from '../messages.ts';
import { PUBLISHABLE_KEY_PATTERN, SECRET_KEY_PATTERN, STRIPE_KEY_MSG } from '../stripe-keys.ts';
import { isPlausiblePhone, normalizePhone, PHONE_INVALID } from '../phone.ts';
import { zUuid } from './ids.ts';
import { ZHexColor, ZThemeColors } from './theme-colors.ts';
import { zText } from './text.ts';
import { isValidTimeZone } from '../zoned-format.ts';

/** Trimmed text; '' and null mean "no value" (null). Omitted means "not given" (keep, on edit). */
const text = (max: number, opts: { multiline?: boolean } = {}) =>
  zText(opts)
    .max(max, `Use at most ${max} characters.`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export { type TThemeColors, ZThemeColors } from './theme-colors.ts';

export const ZThemeInput = z.object({
  name: zText({ error: 'Please enter a theme name.' })
    .min(1, 'Please enter a theme name.')
    .max(SLUG_MAX_LENGTH, `Use at most ${SLUG_MAX_LENGTH} characters.`),
  colors: ZThemeColors,
});
export type TThemeInput = z.input<typeof ZThemeInput>;

/** Our own uploads (/media/{hash}.{ext}) or an absolute http(s) URL. */
const imageUrl = zText()
  .max(300, 'Use at most 300 characters.')
  .regex(/^(\/media\/[A-Za-z0-9._-]+|https?:\/\/[^\s"'<>]+)?$/, 'Upload an image or use an https:// link.')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const timezone = zText().min(1).max(64).refine(isValidTimeZone, 'Choose a valid time zone.');

const earliest = Date.parse(EVENT_DATE_EARLIEST);
export const EVENT_DATE_TOO_EARLY = 'Choose a date from 1970 on.';

/** An ISO date-time with its offset, from 1970 on. */
const eventDate = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).refine((v) => Date.parse(v) >= earliest, EVENT_DATE_TOO_EARLY);

const reminderMsg = `Choose a time from ${REMINDER_MINUTES_MIN} minutes to ${REMINDER_MINUTES_MAX / 1440} days before the start.`;
const maxAttendeesMsg = 'Enter a whole number of at least 1, or leave empty for unlimited.';
const waitlistHoursMsg = `Enter a whole number of hours from 1 to ${WAITLIST_OFFER_HOURS_MAX}.`;
/** A waitlist on an event without a guest limit (docs/product.md#waitlist): it would never be full. */
export const WAITLIST_NEEDS_CAPACITY = 'A waitlist needs a maximum number of guests: set one, or turn the waitlist off.';

/** The event form's fields without defaults (the edit form sends any subset of them). */
export const EMBED_ORIGINS_MAX = 10;
/** An origin as embedOrigin leaves it, and nothing else: what a CSP source list may hold of it. */
export const EMBED_ORIGIN_SHAPE = /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/;
const EMBED_ORIGIN_MESSAGE = 'Give the site as https://example.com (http only for localhost).';

/** A site's origin as the browser sends it: https (http for localhost and 127.0.0.1), no path, normalised. */
export function embedOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && local))) return null;
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return null;
  // The origin goes into a CSP header: a host name of letters, digits, dots and hyphens only (no '*', ';', ',').
  return EMBED_ORIGIN_SHAPE.test(url.origin) ? url.origin : null;
}

const zEmbedOrigins = z
  .array(
    z.string({ error: EMBED_ORIGIN_MESSAGE }).transform((v, ctx) => {
      const origin = embedOrigin(v);
      if (!origin) ctx.addIssue({ code: 'custom', message: EMBED_ORIGIN_MESSAGE });
      return origin ?? v;
    }),
    { error: 'Give the sites as a list.' },
  )
  .max(EMBED_ORIGINS_MAX, `At most ${EMBED_ORIGINS_MAX} sites.`)
  .transform((list) => [...new Set(list)]);

const eventFields = {
  title: zText({ error: MSG.eventMissing }).min(1, MSG.eventMissing).max(200, 'Use at most 200 characters.'),
  subtitle: text(300),
  /** '' or omitted: generated from the title on create, kept on edit. */
  slug: zText()
    .toLowerCase()
    .max(80, 'Use at most 80 characters.')
    .regex(/^[a-z0-9-]*$/, 'Use only lower-case letters, digits and hyphens.')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  event_date: eventDate(MSG.eventMissing),
  end_date: eventDate('Enter a valid end date and time.').nullable().optional(),
  timezone,
  location: text(300),
  main_body_intro: text(2000, { multiline: true }),
  main_body_description: text(10000, { multiline: true }),
  call_to_action: text(300),
  /** Empty means the default label 'RSVP'. */
  rsvp_button_text: text(40),
  image_url: imageUrl,
  preview_image_url: imageUrl,
  max_attendees: z
    .number({ error: maxAttendeesMsg })
    .int(maxAttendeesMsg)
    .min(1, maxAttendeesMsg)
    .max(1_000_000, 'Use at most 1,000,000.')
    .nullable()
    .optional(),
  /** The public page shows how many guests are going. */
  show_guest_count: z.boolean(),
  theme_id: zUuid('Choose a theme from the list.').nullable().optional(),
  /** The custom-colours switch: creates a theme named after the event in the event's save (a theme failure logged and ignored). */
  custom_colors: z
    .object({ background: ZHexColor.optional(), text: ZHexColor.optional(), accent: ZHexColor.optional() })
    .nullable()
    .optional(),
  is_active: z.boolean(),
  /** Sites whose pages may show the RSVP form in a frame (docs/product.md#embedding): origins, at most EMBED_ORIGINS_MAX. */
  embed_origins: zEmbedOrigins,
  /** New-RSVP e-mails to the owner and co-hosts (docs/product.md#rsvp-notifications); omitted = 'off' on create, kept on edit. */
  notify_rsvps: z.enum(NOTIFY_RSVPS, 'Choose off, each or digest.').optional(),
  /** Guest reminders in minutes before the start (docs/product.md#reminders); omitted = 1 day and 2 hours on create, kept on edit. */
  reminder_minutes: z
    .array(
      z.number({ error: reminderMsg }).int(reminderMsg).min(REMINDER_MINUTES_MIN, reminderMsg).max(REMINDER_MINUTES_MAX, reminderMsg),
      'Send a list of reminders.',
    )
    .max(MAX_REMINDERS, `Use at most ${MAX_REMINDERS} reminders.`)
    .refine((v) => new Set(v).size === v.length, 'Each reminder once: two are at the same time.')
    .transform((v) => [...v].sort((a, b) => b - a))
    .optional(),
  is_paid_event: z.boolean(),
  ticket_price: z
    .number({ error: 'Enter a price of 0 or more.' })
    .min(0, 'Enter a price of 0 or more.')
    .max(100_000, 'Use at most 100,000.')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most two decimals.')
    .nullable()
    .optional(),
  currency: z.enum(CURRENCIES, 'Choose usd, eur, gbp or cad.'),
  stripe_publishable_key: text(255),
  /** Write-only. Omitted or '' keeps the stored key; null clears it. */
  stripe_secret_key: zText()
    .max(255, 'Use at most 255 characters.')
    .transform((v) => (v === '' ? undefined : v))
    .nullable()
    .optional(),
  /** Write-only, like the secret key: Stripe's webhook signing secret (whsec_…). Omitted or '' keeps it; null clears it. */
  stripe_webhook_secret: zText()
    .max(255, 'Use at most 255 characters.')
    .transform((v) => (v === '' ? undefined : v))
    // The masked hint sent back unchanged ('…abcd') keeps the stored secret.
    .refine((v) => v === undefined || v.startsWith('whsec_') || /^(whsec_)?…\w{0,4}$/.test(v), STRIPE_KEY_MSG.webhook)
    .nullable()
    .optional(),
  /**
   * Paid into the signed-in owner's own Stripe account (docs/product.md#stripe-account) instead of keys of its
   * own: true binds it (and drops the event's own keys), false unbinds it; omitted = no change (off on create).
   */
  use_host_stripe_account: z.boolean('Choose whether the event uses your Stripe account.').optional(),
  /** Guests may cancel a paid answer through their manage link, refunded (docs/product.md#payments); omitted = off on create, kept on edit. */
  guest_refunds_allowed: z.boolean().optional(),
  /**
   * The waitlist (docs/product.md#waitlist): null or omitted on create = off; else on, and an offer of freed seats
   * is held this many hours for its party (WAITLIST_OFFER_HOURS_DEFAULT in the form). Needs max_attendees.
   */
  waitlist_offer_hours: z
    .number({ error: waitlistHoursMsg })
    .int(waitlistHoursMsg)
    .min(1, waitlistHoursMsg)
    .max(WAITLIST_OFFER_HOURS_MAX, waitlistHoursMsg)
    .nullable()
    .optional(),
};

/** The state the paid-event rules look at (on edit: the stored event merged with the changes). */
export type EventRuleState = {
  event_date?: string | null;
  end_date?: string | null;
  is_paid_event?: boolean;
  ticket_price?: number | null;
  stripe_publishable_key?: string | null;
  stripe_secret_key?: string | null;
  /** A secret key is already stored (edit). */
  has_stored_secret_key?: boolean;
  /** Paid into the host's Stripe account: the event needs no keys of its own. */
  use_host_stripe_account?: boolean;
  max_attendees?: number | null;
  waitlist_offer_hours?: number | null;
};

/**
 * The event form's cross-field rules (docs/product.md#event-rules) as { field: message }; shared by the schemas and the server's check.
 * The schemas leave out "a paid event needs the secret key" (the form knows whether one is stored);
 * the server checks it with checkSecretKey against the stored event.
 */

export function eventRuleIssues(v: EventRuleState, opts: { checkSecretKey?: boolean } = {}): Record<string, string> {
  const issues: Record<string, string> = {};
  if (v.end_date && v.event_date && Date.parse(v.end_date) <= Date.parse(v.event_date)) {
    issues.end_date = 'The end must be after the start.';
  }
  if (v.stripe_publishable_key && !PUBLISHABLE_KEY_PATTERN.test(v.stripe_publishable_key)) {
    issues.stripe_publishable_key = STRIPE_KEY_MSG.publishable;
  }
  if (v.stripe_secret_key && !SECRET_KEY_PATTERN.test(v.stripe_secret_key)) {
    issues.stripe_secret_key = STRIPE_KEY_MSG.secret;
  }
  if (v.waitlist_offer_hours != null && v.max_attendees === null) issues.waitlist_offer_hours = WAITLIST_NEEDS_CAPACITY;
  if (v.is_paid_event) {
    if (v.ticket_price === undefined || v.ticket_price === null) issues.ticket_price = 'A paid event needs a ticket price.';
    if (v.use_host_stripe_account) return issues;
    if (!v.stripe_publishable_key) issues.stripe_publishable_key ??= 'A paid event needs the Stripe publishable key.';
    if (opts.checkSecretKey && !v.stripe_secret_key && !v.has_stored_secret_key)
      issues.stripe_secret_key ??= 'A paid event needs the Stripe secret key.';
  }
  return issues;
}

function addRuleIssues(v: EventRuleState, ctx: z.RefinementCtx) {
  for (const [path, message] of Object.entries(eventRuleIssues(v))) ctx.addIssue({ code: 'custom', path: [path], message });
}

/**
 * The create form (docs/product.md#entities, #event-rules). Text is trimmed and empty text dropped (null).
 * Paid-event rules are checked by superRefine so each message names its field.
 */
export const ZEventInput = z
  .object({
    ...eventFields,
    timezone: eventFields.timezone.default('UTC'),
    is_active: eventFields.is_active.default(true),
    embed_origins: eventFields.embed_origins.default([]),
    show_guest_count: eventFields.show_guest_count.default(false),
    is_paid_event: eventFields.is_paid_event.default(false),
    currency: eventFields.currency.default(DEFAULT_CURRENCY),
    reminder_minutes: eventFields.reminder_minutes.default([...DEFAULT_REMINDER_MINUTES]),
  })
  .superRefine((v, ctx) => addRuleIssues({ ...v, max_attendees: v.max_attendees ?? null }, ctx));
export type TEventInput = z.input<typeof ZEventInput>;
export type TEventInputParsed = z.output<typeof ZEventInput>;

/**
 * The edit form: any subset of the fields; omitted = unchanged. Field-level rules here; the
 * paid-event rules are checked by the server against the stored event merged with the changes.
 */
export const ZEventPatch = z
  .object(eventFields)
  .partial()
  .superRefine((v, ctx) => {
    const { is_paid_event: _paid, ...fieldLocal } = v;
    addRuleIssues(fieldLocal, ctx);
  });
export type TEventPatch = z.input<typeof ZEventPatch>;
export type TEventPatchParsed = z.output<typeof ZEventPatch>;

export type { TEventAdmin, TEventCore, TReminder, THost, TInvitation, TMediaUpload, TPublicEvent, TTheme } from './events.responses.ts';
export type { TLegacyRsvpResult } from './rsvps.responses.ts';

const INVITATION_LINK_INVALID = 'This invitation link is not valid.';
/** The token of a co-host invitation link (base64url). */
export const ZInvitationToken = z.string({ error: INVITATION_LINK_INVALID }).regex(/^[\w-]{10,200}$/, INVITATION_LINK_INVALID);

/** The legacy form on the sample landing page (docs/product.md#sample-event). */
export const ZLegacyRsvp = z.object({
  preferred_name: zText({ error: MSG.preferredNameRequired }).min(1, MSG.preferredNameRequired).max(100, 'Use at most 100 characters.'),
  phone: zText({ error: MSG.phoneRequired })
    .min(1, MSG.phoneRequired)
    .max(40, 'Use at most 40 characters.')
    .refine((v) => isPlausiblePhone(normalizePhone(v)), PHONE_INVALID),
  rsvp: z.boolean({ error: 'Please choose yes or no.' }),
});
export type TLegacyRsvp = z.input<typeof ZLegacyRsvp>;
