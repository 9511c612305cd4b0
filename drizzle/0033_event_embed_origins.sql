ALTER TABLE "events" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_embed_origins" CHECK (cardinality("events"."embed_origins") <= 10);
--> statement-breakpoint
-- The change trigger of 0027 with the new column: every column but the seat counter's notifies (events-public.test.ts).
DROP TRIGGER IF EXISTS events_notify_changed ON "events";
--> statement-breakpoint
CREATE TRIGGER events_notify_changed AFTER UPDATE OF
    id, slug, user_id, title, subtitle, image_url, preview_image_url, event_date, end_date, timezone, location,
    main_body_intro, main_body_description, call_to_action, rsvp_button_text, max_attendees, theme_id, is_active,
    is_paid_event, ticket_price, currency, stripe_publishable_key, stripe_secret_key_enc, stripe_secret_key_hint,
    created_at, host_line, show_guest_count, notify_rsvps, stripe_webhook_secret_enc, stripe_webhook_secret_hint,
    guest_refunds_allowed, reminder_minutes, waitlist_offer_hours, stripe_account_id, embed_origins
  ON "events"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until'))
  EXECUTE FUNCTION turnout_notify_event_changed();
