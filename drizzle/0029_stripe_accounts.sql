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
CREATE INDEX "events_stripe_account_idx" ON "events" USING btree ("stripe_account_id") WHERE "events"."stripe_account_id" IS NOT NULL;