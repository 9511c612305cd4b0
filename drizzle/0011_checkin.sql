CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"rsvp_id" uuid,
	"user_id" text,
	"device" text,
	"kind" text NOT NULL,
	"admitted" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"nonce" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkins_kind" CHECK ("checkins"."kind" IN ('entry', 'undo'))
);
--> statement-breakpoint
ALTER TABLE "event_hosts" ADD COLUMN "role" text DEFAULT 'cohost' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "checked_in_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_rsvp_id_event_rsvps_id_fk" FOREIGN KEY ("rsvp_id") REFERENCES "public"."event_rsvps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_user_nonce_key" ON "checkins" USING btree ("user_id","nonce");--> statement-breakpoint
CREATE INDEX "checkins_rsvp_idx" ON "checkins" USING btree ("rsvp_id","received_at");--> statement-breakpoint
CREATE INDEX "checkins_event_idx" ON "checkins" USING btree ("event_id","received_at");--> statement-breakpoint
ALTER TABLE "event_hosts" ADD CONSTRAINT "event_hosts_role" CHECK ("event_hosts"."role" IN ('cohost', 'door'));--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_checked_in_count" CHECK ("event_rsvps"."checked_in_count" >= 0);