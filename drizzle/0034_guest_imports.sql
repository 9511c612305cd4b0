-- Guest import (docs/product.md#guest-import, ADR 0032): uploaded files and their rows until the import
-- job has read them, another system's ticket codes on RSVPs, and the job kind.
CREATE TABLE "guest_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"file_name" text NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text NOT NULL,
	"headers" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"mapping" jsonb NOT NULL,
	"job_id" uuid,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_imports" ADD CONSTRAINT "guest_imports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_imports" ADD CONSTRAINT "guest_imports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_imports" ADD CONSTRAINT "guest_imports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_imports_event_idx" ON "guest_imports" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE TABLE "guest_import_rows" (
	"import_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"cells" text[] NOT NULL,
	"outcome" text,
	"errors" jsonb,
	CONSTRAINT "guest_import_rows_import_id_row_no_pk" PRIMARY KEY("import_id","row_no")
);
--> statement-breakpoint
ALTER TABLE "guest_import_rows" ADD CONSTRAINT "guest_import_rows_import_id_guest_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."guest_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "legacy_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_event_legacy_code_key" ON "event_rsvps" USING btree ("event_id","legacy_code") WHERE "event_rsvps"."legacy_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind" CHECK ("jobs"."kind" IN ('send-tickets','qr-backfill','send-sms','guest-import'));
