CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");--> statement-breakpoint
-- Hand-added (drizzle-kit does not express UNLOGGED): a hit writes no WAL; a crash empties the table, which only restarts the counts (docs/decisions/0009-shared-rate-limits.md).
ALTER TABLE "rate_limits" SET UNLOGGED;
