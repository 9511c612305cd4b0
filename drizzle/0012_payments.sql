CREATE TABLE "payment_sandbox_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"rsvp_id" uuid NOT NULL,
	"title" text NOT NULL,
	"unit_amount" integer NOT NULL,
	"quantity" integer NOT NULL,
	"currency" text NOT NULL,
	"customer_email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"payment_intent" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "stripe_webhook_secret_enc" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "stripe_webhook_secret_hint" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "guest_refunds_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "payment_hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "payment_amount" integer;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "payment_currency" text;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_sandbox_sessions" ADD CONSTRAINT "payment_sandbox_sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_checkout_session_key" ON "event_rsvps" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_payment_hold_idx" ON "event_rsvps" USING btree ("payment_hold_until") WHERE "event_rsvps"."payment_status" = 'pending';