import { DEFAULT_RSVP_BUTTON_TEXT } from '../../common/constants.ts';
import type { TEventPatchParsed } from '../../common/schemas/events.ts';
import { secretHint, sealSecret } from '../crypto/secret-box.ts';
import type { events } from '../db/schema/events.ts';

type EventColumns = Partial<typeof events.$inferInsert>;

/** Associated data of the sealed secret key: the ciphertext only opens for this event's column. */
export const secretKeyContext = (eventId: string) => `events.stripe_secret_key:${eventId}`;
/** Likewise for the webhook signing secret (docs/decisions/0015-payments.md). */
export const webhookSecretContext = (eventId: string) => `events.stripe_webhook_secret:${eventId}`;

const COPIED = [
  'title',
  'subtitle',
  'slug',
  'timezone',
  'location',
  'main_body_intro',
  'main_body_description',
  'call_to_action',
  'image_url',
  'preview_image_url',
  'max_attendees',
  'show_guest_count',
  'notify_rsvps',
  'reminder_minutes',
  'theme_id',
  'is_active',
  'embed_origins',
  'is_paid_event',
  'currency',
  'stripe_publishable_key',
  'guest_refunds_allowed',
  'waitlist_offer_hours',
] as const;

/**
 * Form fields → column values, for the fields that were given (undefined = not given).
 * The secret key is sealed here and only its hint kept in clear; null clears both.
 */
export function eventColumns(input: TEventPatchParsed, opts: { eventId: string; encryptionKey: Buffer }): EventColumns {
  const out: Record<string, unknown> = {};
  for (const k of COPIED) if (input[k] !== undefined) out[k] = input[k];
  if (input.event_date !== undefined) out.event_date = new Date(input.event_date);
  if (input.end_date !== undefined) out.end_date = input.end_date === null ? null : new Date(input.end_date);
  if (input.rsvp_button_text !== undefined) out.rsvp_button_text = input.rsvp_button_text ?? DEFAULT_RSVP_BUTTON_TEXT;
  if (input.ticket_price !== undefined) out.ticket_price = input.ticket_price === null ? null : input.ticket_price.toFixed(2);
  if (input.stripe_secret_key === null) {
    out.stripe_secret_key_enc = null;
    out.stripe_secret_key_hint = null;
  } else if (input.stripe_secret_key !== undefined) {
    out.stripe_secret_key_enc = sealSecret(opts.encryptionKey, input.stripe_secret_key, secretKeyContext(opts.eventId));
    out.stripe_secret_key_hint = secretHint(input.stripe_secret_key);
  }
  const hook = input.stripe_webhook_secret;
  if (hook === null) {
    out.stripe_webhook_secret_enc = null;
    out.stripe_webhook_secret_hint = null;
  } else if (hook !== undefined && !hook.includes('…')) {
    // A value with '…' is the masked hint sent back unchanged: the stored secret stays.
    out.stripe_webhook_secret_enc = sealSecret(opts.encryptionKey, hook, webhookSecretContext(opts.eventId));
    out.stripe_webhook_secret_hint = secretHint(hook);
  }
  return out as EventColumns;
}
