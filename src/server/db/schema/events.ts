import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { stripe_accounts } from './stripe-accounts.ts';

// Domain tables keep the field names of docs/product.md#entities as their property names, so rows and API shapes agree.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export type ThemeColors = {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
};

export const event_themes = pgTable('event_themes', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  colors: jsonb('colors').$type<ThemeColors>().notNull(),
  is_default: boolean('is_default').notNull().default(false),
  created_by: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    image_url: text('image_url'),
    preview_image_url: text('preview_image_url'),
    event_date: timestamp('event_date', { withTimezone: true }).notNull(),
    end_date: timestamp('end_date', { withTimezone: true }),
    timezone: text('timezone').notNull().default('UTC'),
    location: text('location'),
    main_body_intro: text('main_body_intro'),
    main_body_description: text('main_body_description'),
    /** The landing template's host line ("Hosted by …"): set by the sample seed only, no form field. */
    host_line: text('host_line'),
    call_to_action: text('call_to_action'),
    rsvp_button_text: text('rsvp_button_text').notNull().default('RSVP'),
    max_attendees: integer('max_attendees'),
    /** The host shows how many guests are going ("12 going") on the public page. */
    show_guest_count: boolean('show_guest_count').notNull().default(false),
    /** New-RSVP e-mails to the owner and co-hosts: 'off', 'each' (every worker run with news) or 'digest' (daily). */
    notify_rsvps: text('notify_rsvps', { enum: ['off', 'each', 'digest'] })
      .notNull()
      .default('off'),
    /** RSVPs created before this instant were reported to the hosts (guests/notify-new-rsvps.ts); reset when notify_rsvps changes. */
    rsvps_notified_until: timestamp('rsvps_notified_until', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The guests' reminders, in minutes before the start (docs/product.md#reminders): whole days of it count on
     * the event's local calendar, the rest in real time (domain/reminder-schedule.ts). A new event gets 1 day
     * and 2 hours; events from before reminders existed have none until their host sets some.
     */
    reminder_minutes: integer('reminder_minutes').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * The waitlist (docs/product.md#waitlist): null = off; else on, and an offer of freed seats is held this many
     * hours for its party. Needs max_attendees. Freed seats are offered by a trigger on this row (migration 0027).
     */
    waitlist_offer_hours: integer('waitlist_offer_hours'),
    /** Sum of guest_count over confirmed RSVPs and waitlist offers, kept in the same transaction as each RSVP write. */
    seats_taken: integer('seats_taken').notNull().default(0),
    /**
     * +1 with every change of seats_taken (a BEFORE UPDATE trigger, migration 0019): orders counter
     * readings, so a process keeps the newest of what it read and what its own writes returned
     * (events/public/seat-figures.ts, ADR 0016).
     */
    seats_version: bigint('seats_version', { mode: 'number' }).notNull().default(0),
    theme_id: uuid('theme_id').references(() => event_themes.id, { onDelete: 'set null' }),
    is_active: boolean('is_active').notNull().default(true),
    /** Origins whose pages may frame /embed/:id, the RSVP form (docs/decisions/0031-embedded-rsvp.md). */
    embed_origins: text('embed_origins').array().notNull().default(sql`'{}'::text[]`),
    is_paid_event: boolean('is_paid_event').notNull().default(false),
    ticket_price: numeric('ticket_price', { precision: 10, scale: 2 }),
    currency: text('currency').notNull().default('usd'),
    stripe_publishable_key: text('stripe_publishable_key'),
    /** AES-256-GCM ciphertext of the Stripe secret key; never leaves the server. */
    stripe_secret_key_enc: text('stripe_secret_key_enc'),
    /** Last four characters and prefix, for the masked display ('sk_live_…abcd'). */
    stripe_secret_key_hint: text('stripe_secret_key_hint'),
    /** AES-256-GCM ciphertext of Stripe's webhook signing secret (docs/decisions/0015-payments.md); write-only. */
    stripe_webhook_secret_enc: text('stripe_webhook_secret_enc'),
    /** Prefix and last four characters ('whsec_…abcd'). */
    stripe_webhook_secret_hint: text('stripe_webhook_secret_hint'),
    /**
     * The host's Stripe account this paid event is paid into (docs/decisions/0027-stripe-account-per-host.md);
     * null = the event's own keys above. An account in use cannot be removed.
     */
    stripe_account_id: uuid('stripe_account_id').references(() => stripe_accounts.id, { onDelete: 'restrict' }),
    /** Guests may cancel a paid answer through their manage link and are refunded (docs/product.md#payments). */
    guest_refunds_allowed: boolean('guest_refunds_allowed').notNull().default(false),
    /**
     * The event's tax, shown on the page and charged at checkout (docs/decisions/0033-promo-codes-and-charges.md):
     * its name ('VAT') and rate in basis points (2000 = 20%), both or neither; inclusive = prices already contain it.
     */
    tax_name: text('tax_name'),
    tax_rate_bp: integer('tax_rate_bp'),
    tax_inclusive: boolean('tax_inclusive').notNull().default(false),
    /** A booking fee per priced ticket (minor units), 0 = none. */
    booking_fee: integer('booking_fee').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_slug_key').on(t.slug),
    index('events_user_id_idx').on(t.user_id),
    index('events_stripe_account_idx').on(t.stripe_account_id).where(sql`${t.stripe_account_id} IS NOT NULL`),
    check('events_max_attendees_min', sql`${t.max_attendees} IS NULL OR ${t.max_attendees} >= 1`),
    check('events_seats_taken_min', sql`${t.seats_taken} >= 0`),
    check(
      'events_waitlist',
      sql`${t.waitlist_offer_hours} IS NULL OR (${t.max_attendees} IS NOT NULL AND ${t.waitlist_offer_hours} BETWEEN 1 AND 168)`,
    ),
    check('events_embed_origins', sql`cardinality(${t.embed_origins}) <= 10`),
    check(
      'events_tax',
      sql`(${t.tax_name} IS NULL) = (${t.tax_rate_bp} IS NULL) AND (${t.tax_rate_bp} IS NULL OR ${t.tax_rate_bp} BETWEEN 1 AND 10000)`,
    ),
    check('events_booking_fee', sql`${t.booking_fee} BETWEEN 0 AND 100000000`),
    check('events_currency', sql`${t.currency} IN ('usd','eur','gbp','cad')`),
    check('events_notify_rsvps', sql`${t.notify_rsvps} IN ('off','each','digest')`),
    /** The notification worker's scan: only events that asked for e-mails. */
    index('events_notify_rsvps_idx').on(t.rsvps_notified_until).where(sql`${t.notify_rsvps} <> 'off'`),
    /** The reminder sender's scan (reminders/send-reminders.ts): events with reminders, by start. */
    index('events_reminders_due_idx').on(t.event_date).where(sql`${t.reminder_minutes} <> '{}'::integer[]`),
  ],
);

export const event_hosts = pgTable(
  'event_hosts',
  {
    event_id: eventIdColumn(),
    /** Trimmed and lower-cased; a bound member's follows their account's address. */
    email: text('email').notNull(),
    /**
     * The account holding this place, bound when it is added for an existing account or when the
     * invited address's account is created; null while the place is pending. Access goes by this id
     * only, never by the e-mail text (docs/product.md#co-hosts, issue 29).
     */
    user_id: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** 'cohost' manages the event; 'door' checks its guests in, nothing else (docs/decisions/0011-event-roles.md). */
    role: text('role', { enum: ['cohost', 'door'] })
      .notNull()
      .default('cohost'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.event_id, t.email] }),
    index('event_hosts_email_idx').on(t.email),
    uniqueIndex('event_hosts_user_key').on(t.user_id, t.event_id),
    check('event_hosts_role', sql`${t.role} IN ('cohost', 'door')`),
  ],
);

/**
 * Sign-up invitations for team members without an account: valid for one e-mail address only.
 * Without an event it is the owner's invitation to host on this Turnout (the People page).
 */
export const host_invitations = pgTable('host_invitations', {
  token_hash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  event_id: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded images, stored in the database so that every server process can serve them. */
export const media = pgTable('media', {
  /** Content hash (sha256, hex, first 32 chars): URLs are /media/{id}.{ext} and immutable. */
  id: text('id').primaryKey(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The `event_id` of a row that belongs to one event and goes with it (every per-event table). */
export function eventIdColumn() {
  return uuid('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });
}
