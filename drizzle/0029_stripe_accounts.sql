CREATE TABLE "stripe_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"publishable_key" text NOT NULL,
	"secret_key_enc" text NOT NULL,
	"secret_key_hint" text NOT NULL,
	"webhook_secret_enc" text,
	"webhook_secret_hint" text,
	"stripe_account_ref" text,
	"account_name" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_accounts_publishable_key" CHECK ("stripe_accounts"."publishable_key" ~ '^pk_(test|live)_')
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "stripe_account_id" uuid;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_accounts_user_key" ON "stripe_accounts" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_stripe_account_id_stripe_accounts_id_fk" FOREIGN KEY ("stripe_account_id") REFERENCES "public"."stripe_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_stripe_account_idx" ON "events" USING btree ("stripe_account_id") WHERE "events"."stripe_account_id" IS NOT NULL;--> statement-breakpoint
-- The change trigger of 0027 with the new column: every column but the seat counter's notifies (events-public.test.ts);
-- choosing an account makes a paid event payable, which its public page shows.
DROP TRIGGER IF EXISTS events_notify_changed ON "events";
--> statement-breakpoint
CREATE TRIGGER events_notify_changed AFTER UPDATE OF
    id, slug, user_id, title, subtitle, image_url, preview_image_url, event_date, end_date, timezone, location,
    main_body_intro, main_body_description, call_to_action, rsvp_button_text, max_attendees, theme_id, is_active,
    is_paid_event, ticket_price, currency, stripe_publishable_key, stripe_secret_key_enc, stripe_secret_key_hint,
    created_at, host_line, show_guest_count, notify_rsvps, stripe_webhook_secret_enc, stripe_webhook_secret_hint,
    guest_refunds_allowed, reminder_minutes, waitlist_offer_hours, stripe_account_id
  ON "events"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until'))
  EXECUTE FUNCTION turnout_notify_event_changed();
