ALTER TABLE "outbox" ADD COLUMN "supersede_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "supersede_rank" integer;--> statement-breakpoint
CREATE INDEX "outbox_supersede_idx" ON "outbox" USING btree ("supersede_key","supersede_rank");--> statement-breakpoint
-- Confirmation e-mails queued before this migration (key rsvp:{id}:{status}:{revision}) join their RSVP's group.
UPDATE "outbox" SET "supersede_key" = substring("idempotency_key" from '^(rsvp:[0-9a-f-]{36}):'), "supersede_rank" = substring("idempotency_key" from ':([0-9]+)$')::integer WHERE "status" = 'pending' AND "idempotency_key" ~ '^rsvp:[0-9a-f-]{36}:[a-z]+:[0-9]+$';
