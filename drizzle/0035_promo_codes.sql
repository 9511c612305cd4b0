-- Hand-written (issue 33 items 3 and 6, docs/decisions/0033-promo-codes-and-charges.md). Promo codes of an event,
-- counted like seats: an order holding seats holds one use of its code, and gives it back when it stops (a lapsed
-- hold, a cancellation), under the code row's lock and a CHECK, so a use limit of N admits exactly N orders.
-- Per-event tax and booking fee; what each order and ticket actually costs after discount, fee and tax.
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"type_ids" uuid[],
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"per_order" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code" CHECK ("promo_codes"."code" ~ '^[A-Z0-9_-]{3,32}$'),
	CONSTRAINT "promo_codes_kind" CHECK ("promo_codes"."kind" IN ('percent', 'amount')),
	CONSTRAINT "promo_codes_value" CHECK ("promo_codes"."value" >= 0 AND ("promo_codes"."kind" <> 'percent' OR "promo_codes"."value" <= 100) AND "promo_codes"."value" <= 100000000),
	CONSTRAINT "promo_codes_max_uses" CHECK ("promo_codes"."max_uses" IS NULL OR "promo_codes"."max_uses" >= 1),
	CONSTRAINT "promo_codes_per_order" CHECK ("promo_codes"."per_order" IS NULL OR "promo_codes"."per_order" BETWEEN 1 AND 10),
	-- The use guarantee: the counter moves under the code row's lock, and this refuses a move past the limit.
	CONSTRAINT "promo_codes_used_up" CHECK ("promo_codes"."uses" >= 0 AND ("promo_codes"."max_uses" IS NULL OR "promo_codes"."uses" <= "promo_codes"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_event_code_key" ON "promo_codes" USING btree ("event_id","code");--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "fee_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "tax_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_rsvps_promo_code_idx" ON "event_rsvps" USING btree ("promo_code_id") WHERE "promo_code_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "fee_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "tax_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "paid_amount" integer;--> statement-breakpoint
UPDATE "order_tickets" SET "paid_amount" = "amount";--> statement-breakpoint
ALTER TABLE "order_tickets" ALTER COLUMN "paid_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_sandbox_sessions" ADD COLUMN "discount" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tax_inclusive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "booking_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tax" CHECK (("events"."tax_name" IS NULL) = ("events"."tax_rate_bp" IS NULL) AND ("events"."tax_rate_bp" IS NULL OR "events"."tax_rate_bp" BETWEEN 1 AND 10000));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_booking_fee" CHECK ("events"."booking_fee" BETWEEN 0 AND 100000000);--> statement-breakpoint
-- A code's use follows its order's held seats (rsvps/seats.ts seatsHeld: confirmed or offered), as the ticket types'
-- counters do (0030). The code row is taken first: the RSVP's INSERT (AFTER trigger) comes before its tickets' and
-- the event's seat UPDATE, and on UPDATE/DELETE "event_rsvps_promo_*" fires before "event_rsvps_ticket_types_*"
-- (triggers fire in name order): code, types, event — one lock order everywhere.
CREATE FUNCTION turnout_promo_use() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held_old boolean;
  held_new boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status IN ('confirmed', 'offered') THEN
      UPDATE promo_codes SET uses = uses + 1 WHERE id = NEW.promo_code_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.status IN ('confirmed', 'offered') THEN
      UPDATE promo_codes SET uses = uses - 1 WHERE id = OLD.promo_code_id;
    END IF;
    RETURN OLD;
  END IF;
  held_old := OLD.status IN ('confirmed', 'offered');
  held_new := NEW.status IN ('confirmed', 'offered');
  IF held_old <> held_new THEN
    UPDATE promo_codes SET uses = uses + CASE WHEN held_new THEN 1 ELSE -1 END WHERE id = NEW.promo_code_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "event_rsvps_promo_insert" AFTER INSERT ON "event_rsvps" FOR EACH ROW
  WHEN (NEW.promo_code_id IS NOT NULL)
  EXECUTE FUNCTION turnout_promo_use();--> statement-breakpoint
CREATE TRIGGER "event_rsvps_promo_update" BEFORE UPDATE OF "status" ON "event_rsvps" FOR EACH ROW
  WHEN (NEW.promo_code_id IS NOT NULL AND (OLD.status IN ('confirmed', 'offered')) IS DISTINCT FROM (NEW.status IN ('confirmed', 'offered')))
  EXECUTE FUNCTION turnout_promo_use();--> statement-breakpoint
CREATE TRIGGER "event_rsvps_promo_delete" BEFORE DELETE ON "event_rsvps" FOR EACH ROW
  WHEN (OLD.promo_code_id IS NOT NULL AND OLD.status IN ('confirmed', 'offered'))
  EXECUTE FUNCTION turnout_promo_use();--> statement-breakpoint
-- The change trigger of 0033 with the new columns: every column but the seat counter's notifies (events-public.test.ts).
DROP TRIGGER IF EXISTS events_notify_changed ON "events";
--> statement-breakpoint
CREATE TRIGGER events_notify_changed AFTER UPDATE OF
    id, slug, user_id, title, subtitle, image_url, preview_image_url, event_date, end_date, timezone, location,
    main_body_intro, main_body_description, call_to_action, rsvp_button_text, max_attendees, theme_id, is_active,
    is_paid_event, ticket_price, currency, stripe_publishable_key, stripe_secret_key_enc, stripe_secret_key_hint,
    created_at, host_line, show_guest_count, notify_rsvps, stripe_webhook_secret_enc, stripe_webhook_secret_hint,
    guest_refunds_allowed, reminder_minutes, waitlist_offer_hours, stripe_account_id, embed_origins,
    tax_name, tax_rate_bp, tax_inclusive, booking_fee
  ON "events"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until'))
  EXECUTE FUNCTION turnout_notify_event_changed();
