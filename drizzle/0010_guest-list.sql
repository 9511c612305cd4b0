-- The guest list's search uses pg_trgm (trusted since PostgreSQL 13: the database owner may create it). Debian's
-- postgresql-contrib and the embedded server (@embedded-postgres) both ship it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"event_id" uuid,
	"created_by" text NOT NULL,
	"params" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"cursor" uuid,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_kind" CHECK ("jobs"."kind" IN ('send-tickets','qr-backfill')),
	CONSTRAINT "jobs_status" CHECK ("jobs"."status" IN ('queued','running','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"rsvp_id" uuid NOT NULL,
	"target" text NOT NULL,
	"ticket_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_target" CHECK ("short_links"."target" IN ('ticket'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "notify_rsvps" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rsvps_notified_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_rsvp_id_event_rsvps_id_fk" FOREIGN KEY ("rsvp_id") REFERENCES "public"."event_rsvps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("created_at") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_rsvp_target_key" ON "short_links" USING btree ("rsvp_id","target");--> statement-breakpoint
CREATE INDEX "events_notify_rsvps_idx" ON "events" USING btree ("rsvps_notified_until") WHERE "events"."notify_rsvps" <> 'off';--> statement-breakpoint
CREATE INDEX "event_rsvps_event_status_idx" ON "event_rsvps" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "event_rsvps_event_name_idx" ON "event_rsvps" USING btree ("event_id","name","id");--> statement-breakpoint
CREATE INDEX "event_rsvps_search_trgm_idx" ON "event_rsvps" USING gin (("name" || E'\x1f' || coalesce("email", '') || E'\x1f' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_notify_rsvps" CHECK ("events"."notify_rsvps" IN ('off','each','digest'));
--> statement-breakpoint
-- Turning new-RSVP e-mails on starts from that moment: the answers that came while they were off are
-- not sent as news (guests/notify-new-rsvps.ts reads rsvps_notified_until as its cursor).
CREATE OR REPLACE FUNCTION turnout_rsvp_notify_switched_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.notify_rsvps = 'off' AND NEW.notify_rsvps <> 'off' THEN
    NEW.rsvps_notified_until := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER events_rsvp_notify_switched_on BEFORE UPDATE OF notify_rsvps ON "events"
  FOR EACH ROW EXECUTE FUNCTION turnout_rsvp_notify_switched_on();
