import {
  DEFAULT_CURRENCY,
  DEFAULT_RSVP_BUTTON_TEXT,
  THEME_DEFAULT_COLORS,
  type Currency,
  WAITLIST_OFFER_HOURS_DEFAULT,
} from '../../../common/constants.ts';
import { PAYMENT_FIELDS } from '../../../common/event-roles.ts';
import { hasEnded } from '../../../common/event-time.ts';
import { PUBLISHABLE_KEY_PATTERN, SECRET_KEY_PATTERN } from '../../../common/stripe-keys.ts';
import { MSG } from '../../../common/messages.ts';
import { type TEventAdmin, type TEventInput, ZEventInput } from '../../../common/schemas/events.ts';
import { browserTimeZone, isoToZoned, zonedToIso } from '../../lib/time-zones.ts';

/** What the create/edit form edits: strings as typed, converted to the API shape on submit. */
export type EventFormState = {
  title: string;
  subtitle: string;
  slug: string;
  date: string;
  time: string;
  endDate: string;
  endTime: string;
  timezone: string;
  location: string;
  intro: string;
  description: string;
  callToAction: string;
  rsvpButtonText: string;
  maxAttendees: string;
  image: { image_url: string | null; preview_image_url: string | null } | null;
  themeId: string;
  customColors: boolean;
  background: string;
  text: string;
  accent: string;
  isActive: boolean;
  showGuestCount: boolean;
  /** The waitlist (docs/product.md#waitlist) and the hours an offer is held. */
  waitlistOn: boolean;
  waitlistHours: string;
  isPaid: boolean;
  price: string;
  currency: Currency;
  /** Paid into the host's own Stripe account (docs/product.md#stripe-account) instead of the keys below. */
  useAccount: boolean;
  publishableKey: string;
  /** A new secret key; only sent when the host typed one (omitting it keeps the stored key). */
  secretKey: string;
  replacingSecretKey: boolean;
  /** Stripe's webhook signing secret, write-only like the secret key: sent only when typed. */
  webhookSecret: string;
  replacingWebhookSecret: boolean;
  /** Guests may cancel a paid answer through their manage link, refunded (docs/product.md#payments). */
  refundsAllowed: boolean;
};

/** Field errors keyed by API field name (title, event_date, custom_colors.background…). */
export type EventFormErrors = Partial<Record<string, string>>;

export function initialFormState(event?: TEventAdmin | null): EventFormState {
  const tz = event?.timezone || browserTimeZone();
  const start = isoToZoned(event?.event_date, tz);
  const end = isoToZoned(event?.end_date, tz);
  return {
    title: event?.title ?? '',
    subtitle: event?.subtitle ?? '',
    slug: event?.slug ?? '',
    date: start.date,
    time: event ? start.time : '18:00',
    endDate: end.date,
    endTime: end.time,
    timezone: tz,
    location: event?.location ?? '',
    intro: event?.main_body_intro ?? '',
    description: event?.main_body_description ?? '',
    callToAction: event?.call_to_action ?? '',
    rsvpButtonText: event && event.rsvp_button_text !== DEFAULT_RSVP_BUTTON_TEXT ? event.rsvp_button_text : '',
    maxAttendees: event?.max_attendees != null ? String(event.max_attendees) : '',
    image: event?.image_url ? { image_url: event.image_url, preview_image_url: event.preview_image_url } : null,
    themeId: event?.theme_id ?? '',
    customColors: false,
    background: THEME_DEFAULT_COLORS.background,
    text: THEME_DEFAULT_COLORS.text,
    accent: THEME_DEFAULT_COLORS.accent.toLowerCase(),
    isActive: event?.is_active ?? true,
    showGuestCount: event?.show_guest_count ?? false,
    waitlistOn: event?.waitlist_offer_hours != null,
    waitlistHours: String(event?.waitlist_offer_hours ?? WAITLIST_OFFER_HOURS_DEFAULT),
    isPaid: event?.is_paid_event ?? false,
    price: event?.ticket_price != null ? Number(event.ticket_price).toFixed(2) : '',
    currency: event?.currency ?? DEFAULT_CURRENCY,
    useAccount: event ? event.stripe_account_id !== null : false,
    publishableKey: event?.stripe_publishable_key ?? '',
    secretKey: '',
    replacingSecretKey: !event?.stripe_secret_key_masked,
    webhookSecret: '',
    replacingWebhookSecret: !event?.stripe_webhook_secret_masked,
    refundsAllowed: event?.guest_refunds_allowed ?? false,
  };
}

function numberOrNull(v: string): number | null {
  const t = v.trim();
  return t === '' ? null : Number(t);
}

function validPrice(v: string): number | null {
  const n = numberOrNull(v);
  return n !== null && Number.isFinite(n) && n >= 0 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6 ? n : null;
}

/** The request body (ZEventInput's input shape). Empty text is sent as '' so an edit can clear it. */
export function toEventInput(s: EventFormState): TEventInput {
  const eventDate = zonedToIso(s.date, s.time, s.timezone);
  const hasEnd = s.endDate.trim() !== '' || s.endTime.trim() !== '';
  const endDate = hasEnd ? zonedToIso(s.endDate.trim() || s.date, s.endTime, s.timezone) : null;
  const input: TEventInput = {
    title: s.title,
    subtitle: s.subtitle,
    slug: s.slug,
    event_date: eventDate as string,
    end_date: hasEnd ? (endDate ?? 'invalid') : null,
    timezone: s.timezone,
    location: s.location,
    main_body_intro: s.intro,
    main_body_description: s.description,
    call_to_action: s.callToAction,
    rsvp_button_text: s.rsvpButtonText,
    max_attendees: numberOrNull(s.maxAttendees),
    image_url: s.image?.image_url ?? null,
    preview_image_url: s.image?.preview_image_url ?? null,
    theme_id: s.themeId || null,
    is_active: s.isActive,
    show_guest_count: s.showGuestCount,
    waitlist_offer_hours: s.waitlistOn ? (numberOrNull(s.waitlistHours) ?? WAITLIST_OFFER_HOURS_DEFAULT) : null,
    is_paid_event: s.isPaid,
    // While the event is free, the hidden payment fields are kept only when they are valid.
    ticket_price: s.isPaid ? numberOrNull(s.price) : validPrice(s.price),
    currency: s.currency,
    // Only a paid event chooses (a free one left bound keeps its account, and a new free one takes none).
    use_host_stripe_account: s.isPaid ? s.useAccount : undefined,
    // With the host's account the event keeps no keys of its own.
    stripe_publishable_key: !s.useAccount && (s.isPaid || PUBLISHABLE_KEY_PATTERN.test(s.publishableKey.trim())) ? s.publishableKey : '',
  };
  if (s.customColors) input.custom_colors = { background: s.background, text: s.text, accent: s.accent };
  if (!s.useAccount && s.replacingSecretKey && s.secretKey.trim() !== '' && (s.isPaid || SECRET_KEY_PATTERN.test(s.secretKey.trim()))) {
    input.stripe_secret_key = s.secretKey;
  }
  if (
    !s.useAccount &&
    s.replacingWebhookSecret &&
    s.webhookSecret.trim() !== '' &&
    (s.isPaid || s.webhookSecret.trim().startsWith('whsec_'))
  ) {
    input.stripe_webhook_secret = s.webhookSecret;
  }
  if (s.isPaid) input.guest_refunds_allowed = s.refundsAllowed;
  return input;
}

/** Fields the host must fill (docs/product.md#event-rules: 'Missing Information'). */
export const REQUIRED_FIELDS = ['title', 'event_date'] as const;

/**
 * Checks the form with the server's own schema (ZEventInput) plus what only the form knows: a paid
 * event needs a secret key, stored or typed now. A co-host's edit leaves the payment settings out:
 * they are the owner's (docs/decisions/0011-event-roles.md).
 */
export function validateEventForm(s: EventFormState, event?: TEventAdmin | null): { input: TEventInput; errors: EventFormErrors } {
  const ownsPayment = event?.role !== 'cohost';
  const input = toEventInput(s);
  if (!ownsPayment) for (const f of PAYMENT_FIELDS) delete input[f];
  const errors: EventFormErrors = {};
  const parsed = ZEventInput.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || 'form';
      errors[key] ??= issue.message;
    }
  }
  if (!s.date.trim()) errors.event_date = MSG.eventMissing;
  if (ownsPayment && s.isPaid && !s.useAccount && !(s.replacingSecretKey ? s.secretKey.trim() : event?.stripe_secret_key_masked)) {
    errors.stripe_secret_key ??= 'A paid event needs the Stripe secret key.';
  }
  return { input, errors: inlineErrors(errors) };
}

/**
 * The shared text 'Please fill in the title and event date.' is the toast (docs/product.md#event-rules); beside each
 * field a message that names just that field reads better.
 */
export function inlineErrors(errors: EventFormErrors): EventFormErrors {
  const out = { ...errors };
  if (out.title === MSG.eventMissing) out.title = 'Please fill in the title.';
  if (out.event_date === MSG.eventMissing) out.event_date = 'Please choose the event date.';
  return out;
}

/** The order fields appear in, so the first error gets focus. */
export const FIELD_ORDER = [
  'title',
  'subtitle',
  'slug',
  'event_date',
  'end_date',
  'timezone',
  'location',
  'main_body_intro',
  'main_body_description',
  'call_to_action',
  'rsvp_button_text',
  'max_attendees',
  'waitlist_offer_hours',
  'image_url',
  'theme_id',
  'custom_colors.background',
  'custom_colors.text',
  'custom_colors.accent',
  // The payment section last, in the order common/event-roles.ts lists it.
  ...PAYMENT_FIELDS,
] as const;

/** DOM id of a field's control. */
export const fieldId = (name: string) => `event-${name.replace(/\./g, '-')}`;

/**
 * Whether saving needs the host's "Save anyway?" (docs/product.md#event-form): the event would be over
 * already (hasEnded: its end, else start + 4 h), on create or when an edit moves its dates. An edit
 * that leaves a past event's dates alone (fixing a typo afterwards) saves without asking.
 */
export function needsPastDateConfirmation(input: TEventInput, event?: TEventAdmin | null, now: number = Date.now()): boolean {
  const ends = { event_date: input.event_date, end_date: input.end_date ?? null };
  if (Number.isNaN(Date.parse(ends.event_date)) || !hasEnded(ends, now)) return false;
  if (!event) return true;
  const same = (a: string | null | undefined, b: string | null | undefined) => (a ? Date.parse(a) : null) === (b ? Date.parse(b) : null);
  return !(same(input.event_date, event.event_date) && same(input.end_date, event.end_date));
}
