import type { EventRole } from '../../../common/event-roles.ts';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import { events } from '../../db/schema/events.ts';
import { type Actor, roleOf } from '../../domain/event-access.ts';
import { eventCoreColumns } from '../../domain/event-columns.ts';
import { remindersColumn } from '../../domain/reminder-schedule.ts';

/** The columns hosts may see: everything except the encrypted secret key (only its hint). */
export function adminEventColumns(actor: Actor) {
  return {
    ...eventCoreColumns,
    user_id: events.user_id,
    seats_taken: events.seats_taken,
    show_guest_count: events.show_guest_count,
    notify_rsvps: events.notify_rsvps,
    reminders: remindersColumn,
    theme_id: events.theme_id,
    is_active: events.is_active,
    embed_origins: events.embed_origins,
    stripe_publishable_key: events.stripe_publishable_key,
    stripe_secret_key_hint: events.stripe_secret_key_hint,
    stripe_webhook_secret_hint: events.stripe_webhook_secret_hint,
    stripe_account_id: events.stripe_account_id,
    guest_refunds_allowed: events.guest_refunds_allowed,
    waitlist_offer_hours: events.waitlist_offer_hours,
    role: roleOf(actor),
    created_at: events.created_at,
    updated_at: events.updated_at,
  };
}

type AdminRow = Omit<
  typeof events.$inferSelect,
  | 'stripe_secret_key_enc'
  | 'stripe_webhook_secret_enc'
  | 'host_line'
  | 'rsvps_notified_until'
  | 'seats_version'
  | 'reminder_minutes'
  // The tax and fee have their own route (promo-codes/event-charges.ts).
  | 'tax_name'
  | 'tax_rate_bp'
  | 'tax_inclusive'
  | 'booking_fee'
> & { role: EventRole; reminders: TEventAdmin['reminders'] };

export function toAdminEvent(row: AdminRow): TEventAdmin {
  const { stripe_secret_key_hint, stripe_webhook_secret_hint, ...rest } = row;
  return {
    ...rest,
    event_date: row.event_date.toISOString(),
    end_date: row.end_date?.toISOString() ?? null,
    ticket_price: row.ticket_price === null ? null : Number(row.ticket_price),
    currency: row.currency as TEventAdmin['currency'],
    stripe_secret_key_masked: stripe_secret_key_hint,
    stripe_webhook_secret_masked: stripe_webhook_secret_hint,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
