import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { eventIdColumn } from './events.ts';

/** Random bytes of a ticket secret (144 bits: 24 base64url characters) and of a QR nonce (128 bits: 22). */
export const TICKET_SECRET_BYTES = 18;
export const QR_NONCE_BYTES = 16;

/**
 * `bytes` random bytes as unpadded base64url, in SQL: PostgreSQL's strong random source through
 * gen_random_uuid() (two UUIDs: 244 random bits, hashed), so no extension is needed. For rows written
 * without one from domain/ticket-fields.ts (an importer, the migration that added the columns).
 */
const randomBase64url = (bytes: number) =>
  sql.raw(
    `rtrim(translate(encode(substring(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) from 1 for ${bytes}), 'base64'), '+/', '-_'), '=')`,
  );

export const event_rsvps = pgTable(
  'event_rsvps',
  {
    /** Random UUID; no credential: ticket URLs carry `ticket_secret`, QR tokens `qr_nonce` (docs/decisions/0010-ticket-secrets.md). */
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: eventIdColumn(),
    name: text('name').notNull(),
    preferred_name: text('preferred_name'),
    /** Trimmed and lower-cased; null only for the legacy sample form (preferred name + phone). */
    email: text('email'),
    phone: text('phone'),
    guest_count: integer('guest_count').notNull().default(1),
    notes: text('notes'),
    /** An answer, or a place on the waitlist ('waitlisted', 'offered': docs/product.md#waitlist). */
    status: text('status', { enum: ['confirmed', 'declined', 'maybe', 'waitlisted', 'offered'] })
      .notNull()
      .default('confirmed'),
    /** 'rsvp' (free), 'ticket' (paid), 'legacy' (sample landing form). */
    type: text('type').notNull().default('rsvp'),
    /**
     * Paid events (docs/product.md#payment-status): 'pending' (checkout open, seats held until
     * payment_hold_until), 'paid', 'expired' (hold released), 'refunded'; null on free answers.
     */
    payment_status: text('payment_status'),
    /** The provider's checkout session (Stripe cs_…, or the sandbox's) of a paid answer. */
    checkout_session_id: text('checkout_session_id'),
    /** The seats of a pending paid answer are held until then (docs/decisions/0015-payments.md). */
    payment_hold_until: timestamp('payment_hold_until', { withTimezone: true }),
    /** What the checkout charges: minor units (cents) of payment_currency. */
    payment_amount: integer('payment_amount'),
    payment_currency: text('payment_currency'),
    /**
     * An order's promo code (docs/decisions/0033-promo-codes-and-charges.md): the code row (its `uses` follow this
     * order's held seats, migration 0035) and the code as applied, kept when the code is deleted. Then what the order's
     * figures are made of, minor units: payment_amount = tickets − discount + fee (+ tax when exclusive).
     */
    promo_code_id: uuid('promo_code_id'),
    promo_code: text('promo_code'),
    discount_amount: integer('discount_amount').notNull().default(0),
    fee_amount: integer('fee_amount').notNull().default(0),
    tax_amount: integer('tax_amount').notNull().default(0),
    /** Stripe's payment id (PaymentIntent pi_…) once paid, for the guest list and refunds. */
    payment_id: text('payment_id'),
    /** What has been refunded of payment_amount so far (minor units; payment_refunds' succeeded rows, migration 0036). */
    refunded_amount: integer('refunded_amount').notNull().default(0),
    /**
     * Who holds a pending paid answer's seats, for the unpaid-hold bounds (domain/hold-limits.ts,
     * docs/product.md#payments): a keyed hash of the client's network (its IPv4 address or IPv6 /64)
     * and the normalised e-mail, set with each hold; null on answers that never held seats at a checkout.
     */
    hold_client: text('hold_client'),
    hold_email: text('hold_email'),
    /** How many times Pay now held this answer's seats again after a checkout ended unpaid (bounded). */
    checkout_reopens: integer('checkout_reopens').notNull().default(0),
    external_order_id: text('external_order_id'),
    /**
     * Bumped (with a new qr_nonce) when the QR is regenerated and whenever the RSVP leaves 'confirmed':
     * tokens of an older version are refused, so a ticket from before a decline never comes back with a
     * later yes. The QR image URL carries it as a cache-buster (?v=).
     */
    qr_version: integer('qr_version').notNull().default(1),
    /** Bumped on every change of the guest's answer: the confirmation e-mail key is rsvp:{id}:{status}:{revision}. */
    revision: integer('revision').notNull().default(1),
    /**
     * The ticket page's own secret (/ticket/{secret}, /api/public/tickets/{secret}, /qr/{secret}.png):
     * random, not derivable from the QR token; replaced when the host regenerates the QR.
     */
    ticket_secret: text('ticket_secret').notNull().default(randomBase64url(TICKET_SECRET_BYTES)),
    /**
     * The random value a QR token signs and verifyTicket looks up: one per qr_version, replaced with
     * it, so a token of an earlier version finds no RSVP.
     */
    qr_nonce: text('qr_nonce').notNull().default(randomBase64url(QR_NONCE_BYTES)),
    /**
     * The guest's manage page (/rsvp/{secret}): whoever holds it controls this answer (it is e-mailed
     * only to the RSVP's address). Replaced when it is used to cancel, so a forwarded copy dies with the
     * cancellation (docs/decisions/0012-answers-belong-to-the-email.md).
     */
    manage_secret: text('manage_secret').notNull().default(randomBase64url(TICKET_SECRET_BYTES)),
    /** The signed ticket token the QR encodes (as /ticket-verification/{token}). */
    qr_code_data: text('qr_code_data'),
    qr_code_image_url: text('qr_code_image_url'),
    /**
     * True only on an RSVP imported from the legacy system, whose guest holds that system's JSON QR
     * (verification_code = this id, no signature): only such a row verifies a legacy payload, and only
     * while qr_version is 1 (tickets/verify-ticket.ts). Every RSVP this app creates keeps false — its
     * tickets are our signed tokens — so knowing an RSVP id never lets anyone forge its ticket. An
     * importer of legacy RSVPs is the one writer that sets it (with the legacy id as `id`).
     */
    legacy_qr: boolean('legacy_qr').notNull().default(false),
    /**
     * A ticket code from another system, brought by a guest import (docs/product.md#guest-import): the door
     * admits its exact text for this event while the ticket was never rotated (qr_version 1), as it admits a
     * guest found by search (tickets/verify-ticket.ts legacyCodeRsvp). Unique within the event.
     */
    legacy_code: text('legacy_code'),
    /** When the answer last became 'confirmed' ("RSVP confirmed on …"); null while it is not confirmed. */
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    /** Guests of this RSVP admitted at the door so far ("3 of 5 in"); attended = checked_in_count > 0. */
    checked_in_count: integer('checked_in_count').notNull().default(0),
    /**
     * The place in the event's waitlist (docs/product.md#waitlist): lower goes first; from a sequence when the
     * party joins, below the first when the host moves it up. Kept while offered; null on answers that never waited.
     */
    waitlist_position: bigint('waitlist_position', { mode: 'number' }),
    /** While 'offered': the seats are held for the party until then (the event's waitlist_offer_hours after the offer). */
    offer_until: timestamp('offer_until', { withTimezone: true }),
    /** Offers made to this party so far; an offer's e-mail and SMS are keyed by it (waitlist/send-offers.ts). */
    offers_made: integer('offers_made').notNull().default(0),
    /** Offers whose e-mail (and SMS) are queued: offers_made > offers_sent is an offer still to announce. */
    offers_sent: integer('offers_sent').notNull().default(0),
    /** The guest turned reminders off on their manage page (docs/product.md#reminders). */
    reminders_off: boolean('reminders_off').notNull().default(false),
    attended: boolean('attended').notNull().default(false),
    checked_in_at: timestamp('checked_in_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_rsvps_event_email_key').on(t.event_id, t.email).where(sql`${t.email} IS NOT NULL`),
    uniqueIndex('event_rsvps_ticket_secret_key').on(t.ticket_secret),
    uniqueIndex('event_rsvps_qr_nonce_key').on(t.qr_nonce),
    uniqueIndex('event_rsvps_manage_secret_key').on(t.manage_secret),
    uniqueIndex('event_rsvps_event_legacy_code_key').on(t.event_id, t.legacy_code).where(sql`${t.legacy_code} IS NOT NULL`),
    uniqueIndex('event_rsvps_checkout_session_key').on(t.checkout_session_id),
    /** The hold sweep (payments/release-expired-holds.ts): pending paid answers by hold end. */
    index('event_rsvps_payment_hold_idx').on(t.payment_hold_until).where(sql`${t.payment_status} = 'pending'`),
    /** The unpaid-hold bounds and the public page's held figure: pending paid answers of an event. */
    index('event_rsvps_held_client_idx').on(t.event_id, t.hold_client).where(sql`${t.payment_status} = 'pending'`),
    index('event_rsvps_held_email_idx').on(t.event_id, t.hold_email).where(sql`${t.payment_status} = 'pending'`),
    index('event_rsvps_event_created_idx').on(t.event_id, t.created_at),
    /** Event cards' counts per status (one grouped aggregate, index-only) and the list's status filter and sort. */
    index('event_rsvps_event_status_idx').on(t.event_id, t.status),
    /** The guest list sorted by name. */
    index('event_rsvps_event_name_idx').on(t.event_id, t.name, t.id),
    /**
     * The guest list's search (docs/product.md#guest-list): one pg_trgm GIN index over name, e-mail and
     * phone joined by a unit separator (a character no search text may hold), so ILIKE '%…%' over the
     * three is one index scan with its own statistics. The expression is domain/guest-query.ts's searchText.
     */
    index('event_rsvps_search_trgm_idx').using(
      'gin',
      sql`(${t.name} || E'\\x1f' || coalesce(${t.email}, '') || E'\\x1f' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
    /** The waitlist in order (the promotion's scan, the guest list's Waitlist filter, "You're 3rd"). */
    index('event_rsvps_waitlist_idx').on(t.event_id, t.waitlist_position).where(sql`${t.status} = 'waitlisted'`),
    /** Offers whose time ran out (waitlist/sweep-offers.ts) and offers still to announce. */
    index('event_rsvps_offer_until_idx').on(t.offer_until).where(sql`${t.status} = 'offered'`),
    /** "Find your ticket" looks an address up across events. */
    index('event_rsvps_email_idx').on(t.email),
    check('event_rsvps_guest_count', sql`${t.guest_count} BETWEEN 1 AND 10`),
    check('event_rsvps_checked_in_count', sql`${t.checked_in_count} >= 0`),
    check('event_rsvps_offer', sql`(${t.status} = 'offered') = (${t.offer_until} IS NOT NULL)`),
    check(
      'event_rsvps_refunded_amount',
      sql`${t.refunded_amount} >= 0 AND (${t.payment_amount} IS NULL OR ${t.refunded_amount} <= ${t.payment_amount})`,
    ),
  ],
);

export const rsvp_pins = pgTable(
  'rsvp_pins',
  {
    rsvp_id: uuid('rsvp_id')
      .primaryKey()
      .references(() => event_rsvps.id, { onDelete: 'cascade' }),
    event_id: eventIdColumn(),
    pin: text('pin').notNull(),
    external_order_id: text('external_order_id'),
  },
  (t) => [uniqueIndex('rsvp_pins_event_pin_key').on(t.event_id, t.pin)],
);
