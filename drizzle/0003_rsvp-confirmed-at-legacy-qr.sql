ALTER TABLE "event_rsvps" ADD COLUMN "legacy_qr" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Backfill only what is certain: an RSVP still at revision 1 never changed its answer, so it was
-- confirmed when created. Others (e.g. a maybe that later confirmed) stay null: no date is shown.
UPDATE "event_rsvps" SET "confirmed_at" = "created_at" WHERE "status" = 'confirmed' AND "revision" = 1;
