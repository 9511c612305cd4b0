import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY } from '../constants.ts';
import { MSG } from '../messages.ts';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #32251b.');

export const ZThemeColors = z.object({ primary: hex, secondary: hex, accent: hex, background: hex, text: hex });
export type TThemeColors = z.infer<typeof ZThemeColors>;

/**
 * The create/edit form (SPEC §3 Event, §5 Event form). Text is trimmed and empty text dropped.
 * Paid-event rules are checked by superRefine so each message names its field.
 * stripe_secret_key is write-only: omitted on edit means "keep the stored key".
 */
export const ZEventInput = z
  .object({
    title: z.string({ error: MSG.eventMissing }).trim().min(1, MSG.eventMissing).max(200, 'Use at most 200 characters.'),
    subtitle: text(300),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(80, 'Use at most 80 characters.')
      .regex(/^[a-z0-9-]*$/, 'Use only lower-case letters, digits and hyphens.')
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
    event_date: z.iso.datetime({ offset: true, error: MSG.eventMissing }),
    end_date: z.iso.datetime({ offset: true, error: 'Enter a valid end date and time.' }).optional().nullable(),
    timezone: z.string().trim().min(1).max(64).default('UTC'),
    location: text(300),
    main_body_intro: text(2000),
    main_body_description: text(10000),
    call_to_action: text(300),
    rsvp_button_text: text(40),
    image_url: z.string().max(300).optional().nullable(),
    preview_image_url: z.string().max(300).optional().nullable(),
    max_attendees: z
      .number({ error: 'Enter a whole number of at least 1, or leave empty for unlimited.' })
      .int('Enter a whole number of at least 1, or leave empty for unlimited.')
      .min(1, 'Enter a whole number of at least 1, or leave empty for unlimited.')
      .max(1_000_000)
      .nullable()
      .optional(),
    theme_id: z.uuid().nullable().optional(),
    /** The custom-colours switch: creates a theme named after the event (failure logged and ignored). */
    custom_colors: z
      .object({ background: hex.optional(), text: hex.optional(), accent: hex.optional() })
      .optional(),
    is_active: z.boolean().default(true),
    is_paid_event: z.boolean().default(false),
    ticket_price: z.number({ error: 'Enter a price of 0 or more.' }).min(0, 'Enter a price of 0 or more.').max(100_000).multipleOf(0.01, 'Use at most two decimals.').nullable().optional(),
    currency: z.enum(CURRENCIES).default(DEFAULT_CURRENCY),
    stripe_publishable_key: text(255),
    stripe_secret_key: text(255),
  })
  .superRefine((v, ctx) => {
    if (v.end_date && Date.parse(v.end_date) <= Date.parse(v.event_date)) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end must be after the start.' });
    }
    if (v.stripe_publishable_key && !/^pk_(test|live)_/.test(v.stripe_publishable_key)) {
      ctx.addIssue({ code: 'custom', path: ['stripe_publishable_key'], message: 'The publishable key starts with pk_test_ or pk_live_.' });
    }
    if (v.stripe_secret_key && !/^sk_(test|live)_/.test(v.stripe_secret_key)) {
      ctx.addIssue({ code: 'custom', path: ['stripe_secret_key'], message: 'The secret key starts with sk_test_ or sk_live_.' });
    }
    if (v.is_paid_event && (v.ticket_price === undefined || v.ticket_price === null)) {
      ctx.addIssue({ code: 'custom', path: ['ticket_price'], message: 'A paid event needs a ticket price.' });
    }
    if (v.is_paid_event && !v.stripe_publishable_key) {
      ctx.addIssue({ code: 'custom', path: ['stripe_publishable_key'], message: 'A paid event needs the Stripe publishable key.' });
    }
  });
export type TEventInput = z.input<typeof ZEventInput>;

/** What hosts see of their event. Never the secret key: only its masked hint ('sk_live_…abcd'). */
export type TEventAdmin = {
  id: string;
  slug: string;
  user_id: string;
  title: string;
  subtitle: string | null;
  image_url: string | null;
  preview_image_url: string | null;
  event_date: string;
  end_date: string | null;
  timezone: string;
  location: string | null;
  main_body_intro: string | null;
  main_body_description: string | null;
  call_to_action: string | null;
  rsvp_button_text: string;
  max_attendees: number | null;
  seats_taken: number;
  theme_id: string | null;
  is_active: boolean;
  is_paid_event: boolean;
  ticket_price: number | null;
  currency: (typeof CURRENCIES)[number];
  stripe_publishable_key: string | null;
  stripe_secret_key_masked: string | null;
  /** 'owner' or 'cohost': what the signed-in user is to this event. */
  role: 'owner' | 'cohost';
  created_at: string;
  updated_at: string;
};

/** What anyone may read of an active event: explicit columns, no keys, no owner data. */
export type TPublicEvent = {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  image_url: string | null;
  preview_image_url: string | null;
  event_date: string;
  end_date: string | null;
  timezone: string;
  location: string | null;
  main_body_intro: string | null;
  main_body_description: string | null;
  call_to_action: string | null;
  rsvp_button_text: string;
  is_paid_event: boolean;
  ticket_price: number | null;
  currency: string;
  /** Seats left when capped, null when unlimited. */
  seats_left: number | null;
  theme: { name: string; colors: TThemeColors } | null;
};

export type TTheme = { id: string; name: string; colors: TThemeColors; is_default: boolean };

export const ZHostEmail = z.object({
  email: z.string({ error: MSG.invalidEmailText }).trim().toLowerCase().includes('@', { error: MSG.invalidEmailText }).max(254),
});
export type THost = { email: string; created_at: string; has_account: boolean };

/** SPEC §5 legacy form on the sample landing page. */
export const ZLegacyRsvp = z.object({
  preferred_name: z.string({ error: MSG.preferredNameRequired }).trim().min(1, MSG.preferredNameRequired).max(100),
  phone: z.string({ error: MSG.phoneRequired }).trim().min(1, MSG.phoneRequired).max(40),
  rsvp: z.boolean(),
});
