-- Issue 32: guest reminders. events.reminder_minutes holds the host's reminders (new events get 1 day and 2 hours
-- from the API; events from before keep none until their host sets some), event_reminder_runs the ones done,
-- event_rsvps.reminders_off a guest's "stop reminders" (docs/product.md#reminders).
CREATE TABLE "event_reminder_runs" (
	"event_id" uuid NOT NULL,
	"minutes_before" integer NOT NULL,
	"status" text NOT NULL,
	"emails" integer DEFAULT 0 NOT NULL,
	"texts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminder_runs_event_id_minutes_before_pk" PRIMARY KEY("event_id","minutes_before"),
	CONSTRAINT "event_reminder_runs_status" CHECK ("event_reminder_runs"."status" IN ('sent', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminder_minutes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "reminders_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_reminder_runs" ADD CONSTRAINT "event_reminder_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_reminders_due_idx" ON "events" USING btree ("event_date") WHERE "events"."reminder_minutes" <> '{}'::integer[];--> statement-breakpoint
-- The change trigger of 0021 with the new column: every column but the seat counter's notifies (events-public.test.ts).
DROP TRIGGER IF EXISTS events_notify_changed ON "events";
--> statement-breakpoint
CREATE TRIGGER events_notify_changed AFTER UPDATE OF
    id, slug, user_id, title, subtitle, image_url, preview_image_url, event_date, end_date, timezone, location,
    main_body_intro, main_body_description, call_to_action, rsvp_button_text, max_attendees, theme_id, is_active,
    is_paid_event, ticket_price, currency, stripe_publishable_key, stripe_secret_key_enc, stripe_secret_key_hint,
    created_at, host_line, show_guest_count, notify_rsvps, stripe_webhook_secret_enc, stripe_webhook_secret_hint,
    guest_refunds_allowed, reminder_minutes
  ON "events"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until'))
  EXECUTE FUNCTION turnout_notify_event_changed();
