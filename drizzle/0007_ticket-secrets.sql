ALTER TABLE "event_rsvps" ADD COLUMN "ticket_secret" text DEFAULT rtrim(translate(encode(substring(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) from 1 for 18), 'base64'), '+/', '-_'), '=') NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "qr_nonce" text DEFAULT rtrim(translate(encode(substring(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) from 1 for 16), 'base64'), '+/', '-_'), '=') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_ticket_secret_key" ON "event_rsvps" USING btree ("ticket_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_qr_nonce_key" ON "event_rsvps" USING btree ("qr_nonce");--> statement-breakpoint
-- Every existing row got its own random secret and nonce from the column defaults above. Its stored
-- token (the old format named the RSVP id) and QR image URL (/qr/{rsvp id}) no longer work: cleared
-- here, rewritten by the next write of the ticket (docs/decisions/0010-ticket-secrets.md).
UPDATE "event_rsvps" SET "qr_code_data" = NULL, "qr_code_image_url" = NULL WHERE "qr_code_data" IS NOT NULL OR "qr_code_image_url" IS NOT NULL;
