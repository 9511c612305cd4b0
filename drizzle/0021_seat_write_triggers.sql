-- ADR 0023: the seat write's triggers cost less. Measured on the RSVP rush, the AFTER trigger's WHEN
-- (two to_jsonb of the whole row, compared) ran on every seat count update only to find nothing else
-- had changed: a tenth of the server's CPU per answer. Now it is considered only for an UPDATE that sets
-- a column other than seats_taken, seats_version, updated_at and rsvps_notified_until, the columns its
-- WHEN ignores (a test keeps this list equal to the table's other columns: a new column notifies).
DROP TRIGGER IF EXISTS events_notify_changed ON "events";
--> statement-breakpoint
CREATE TRIGGER events_notify_changed AFTER UPDATE OF
    id, slug, user_id, title, subtitle, image_url, preview_image_url, event_date, end_date, timezone, location,
    main_body_intro, main_body_description, call_to_action, rsvp_button_text, max_attendees, theme_id, is_active,
    is_paid_event, ticket_price, currency, stripe_publishable_key, stripe_secret_key_enc, stripe_secret_key_hint,
    created_at, host_line, show_guest_count, notify_rsvps, stripe_webhook_secret_enc, stripe_webhook_secret_hint,
    guest_refunds_allowed
  ON "events"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until'))
  EXECUTE FUNCTION turnout_notify_event_changed();
--> statement-breakpoint
-- The RSVP write moves seats_version on itself (rsvps/seats.ts); the trigger still does it for any
-- other statement that changes seats_taken and leaves seats_version as it was.
DROP TRIGGER IF EXISTS events_bump_seats_version ON "events";
--> statement-breakpoint
CREATE TRIGGER events_bump_seats_version BEFORE UPDATE OF seats_taken ON "events"
  FOR EACH ROW
  WHEN (OLD.seats_taken IS DISTINCT FROM NEW.seats_taken AND OLD.seats_version = NEW.seats_version)
  EXECUTE FUNCTION turnout_bump_seats_version();
