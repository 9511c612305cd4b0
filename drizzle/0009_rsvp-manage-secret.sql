ALTER TABLE "events" ADD COLUMN "show_guest_count" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "manage_secret" text DEFAULT rtrim(translate(encode(substring(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) from 1 for 18), 'base64'), '+/', '-_'), '=') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_manage_secret_key" ON "event_rsvps" USING btree ("manage_secret");--> statement-breakpoint
CREATE INDEX "event_rsvps_email_idx" ON "event_rsvps" USING btree ("email");