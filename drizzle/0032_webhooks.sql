-- Issue 34 item 2: webhooks (docs/product.md#webhooks, ADR 0030). Generated part: the host's endpoints and their
-- deliveries (the webhook outbox, one row per message and endpoint, and the host's delivery log).
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"event_id" uuid,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"secret_enc" text NOT NULL,
	"previous_secret_enc" text,
	"previous_secret_until" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_event_types" CHECK (cardinality("webhook_endpoints"."event_types") > 0 AND "webhook_endpoints"."event_types" <@ ARRAY['rsvp.created','rsvp.updated','rsvp.cancelled','waitlist.offered','payment.succeeded','payment.refunded','checkin.created','checkin.undone']::text[]),
	CONSTRAINT "webhook_endpoints_paused" CHECK (("webhook_endpoints"."paused_at" IS NULL) = ("webhook_endpoints"."paused_reason" IS NULL) AND ("webhook_endpoints"."paused_reason" IS NULL OR "webhook_endpoints"."paused_reason" IN ('host', 'failing')))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"guest_key" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"give_up_at" timestamp with time zone DEFAULT now() + interval '1 day' NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"duration_ms" integer,
	"response_excerpt" text,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" IN ('pending', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_event_idx" ON "webhook_endpoints" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_head_idx" ON "webhook_deliveries" USING btree ("endpoint_id","guest_key","seq") WHERE "webhook_deliveries"."status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("endpoint_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_done_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE "webhook_deliveries"."status" IN ('delivered', 'failed');--> statement-breakpoint
-- ===== Hand-written from here (not drizzle-kit's): the functions and triggers that queue deliveries. =====
-- ISO 8601 in UTC with milliseconds, as the API writes times.
CREATE OR REPLACE FUNCTION turnout_iso(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
-- An RSVP as webhook payloads carry it (docs/product.md#webhooks): the guest's answer and its payment, never a
-- secret (ticket, manage link, QR nonce).
CREATE OR REPLACE FUNCTION turnout_webhook_rsvp(r event_rsvps) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', r.id, 'event_id', r.event_id, 'name', r.name, 'preferred_name', r.preferred_name, 'email', r.email,
    'phone', r.phone, 'party_size', r.guest_count, 'status', r.status, 'notes', r.notes,
    'payment', CASE WHEN r.payment_status IS NULL THEN NULL ELSE jsonb_build_object(
      'status', r.payment_status, 'amount', r.payment_amount, 'currency', r.payment_currency, 'payment_id', r.payment_id) END,
    'offer_until', CASE WHEN r.offer_until IS NULL THEN NULL ELSE turnout_iso(r.offer_until) END,
    'checked_in_count', r.checked_in_count,
    'created_at', turnout_iso(r.created_at), 'updated_at', turnout_iso(r.updated_at))
$$;
--> statement-breakpoint
-- True when some active endpoint wants any of `p_types` about event `p_event`: the triggers' first question, so an
-- instance without webhooks pays two index probes per write and builds no payload. An event being deleted (its
-- RSVPs go by cascade after it) wants nothing.
CREATE OR REPLACE FUNCTION turnout_webhook_wanted(p_event uuid, p_types text[]) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints w JOIN events e ON e.id = w.event_id
      WHERE w.event_id = p_event AND w.paused_at IS NULL AND w.event_types && p_types)
    OR EXISTS (SELECT 1 FROM webhook_endpoints w JOIN events e ON e.user_id = w.user_id
      WHERE e.id = p_event AND w.event_id IS NULL AND w.paused_at IS NULL AND w.event_types && p_types)
$$;
--> statement-breakpoint
-- Queues one message for every active endpoint that wants it, in the writing transaction (the webhook outbox:
-- sent only if the cause commits). Messages of one guest are delivered in `seq` order (webhooks/claim.ts).
CREATE OR REPLACE FUNCTION turnout_webhook_enqueue(p_event uuid, p_guest uuid, p_type text, p_data jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO webhook_deliveries (endpoint_id, event_id, guest_key, type, payload)
  SELECT w.id, p_event, p_guest, p_type,
    jsonb_build_object('version', 1, 'type', p_type, 'timestamp', turnout_iso(clock_timestamp()), 'data', p_data)
  FROM webhook_endpoints w
  WHERE w.paused_at IS NULL AND p_type = ANY (w.event_types)
    AND (w.event_id = p_event OR (w.event_id IS NULL AND w.user_id = (SELECT e.user_id FROM events e WHERE e.id = p_event)))
  ORDER BY w.id
$$;
--> statement-breakpoint
-- What a write of an RSVP row tells (docs/product.md#webhooks): created, cancelled (an answer turned No, or the row
-- removed by its host or a lapsed checkout), changed, offered seats, paid, refunded.
CREATE OR REPLACE FUNCTION turnout_webhook_rsvp_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_types text[] := '{}';
  v_row event_rsvps;
  v_data jsonb;
  v_type text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_types := ARRAY['rsvp.created'];
    IF NEW.payment_status = 'paid' THEN v_types := v_types || 'payment.succeeded'::text; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    v_types := ARRAY['rsvp.cancelled'];
  ELSE
    IF NEW.status = 'declined' AND OLD.status <> 'declined' THEN
      v_types := v_types || 'rsvp.cancelled'::text;
    ELSIF (NEW.status, NEW.guest_count, NEW.name, NEW.preferred_name, NEW.email, NEW.phone, NEW.notes)
        IS DISTINCT FROM (OLD.status, OLD.guest_count, OLD.name, OLD.preferred_name, OLD.email, OLD.phone, OLD.notes)
        AND NOT (NEW.status = 'offered' AND OLD.status = 'waitlisted') THEN
      v_types := v_types || 'rsvp.updated'::text;
    END IF;
    IF NEW.offers_made > OLD.offers_made AND NEW.status = 'offered' THEN v_types := v_types || 'waitlist.offered'::text; END IF;
    IF NEW.payment_status = 'paid' AND OLD.payment_status IS DISTINCT FROM 'paid' THEN v_types := v_types || 'payment.succeeded'::text; END IF;
    IF NEW.payment_status = 'refunded' AND OLD.payment_status IS DISTINCT FROM 'refunded' THEN v_types := v_types || 'payment.refunded'::text; END IF;
  END IF;
  IF cardinality(v_types) = 0 THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN v_row := OLD; ELSE v_row := NEW; END IF;
  IF NOT turnout_webhook_wanted(v_row.event_id, v_types) THEN RETURN NULL; END IF;
  v_data := jsonb_build_object('rsvp', turnout_webhook_rsvp(v_row), 'removed', TG_OP = 'DELETE');
  FOREACH v_type IN ARRAY v_types LOOP
    PERFORM turnout_webhook_enqueue(v_row.event_id, v_row.id, v_type, v_data);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_rsvps_webhook_insert AFTER INSERT ON "event_rsvps"
  FOR EACH ROW EXECUTE FUNCTION turnout_webhook_rsvp_changed();
--> statement-breakpoint
-- Only the columns a message is about: seat counters, QR rotations and reminder marks never wake it.
CREATE TRIGGER event_rsvps_webhook_update AFTER UPDATE ON "event_rsvps"
  FOR EACH ROW
  WHEN ((NEW.status, NEW.guest_count, NEW.name, NEW.preferred_name, NEW.email, NEW.phone, NEW.notes, NEW.offers_made, NEW.payment_status)
    IS DISTINCT FROM (OLD.status, OLD.guest_count, OLD.name, OLD.preferred_name, OLD.email, OLD.phone, OLD.notes, OLD.offers_made, OLD.payment_status))
  EXECUTE FUNCTION turnout_webhook_rsvp_changed();
--> statement-breakpoint
CREATE TRIGGER event_rsvps_webhook_delete AFTER DELETE ON "event_rsvps"
  FOR EACH ROW EXECUTE FUNCTION turnout_webhook_rsvp_changed();
--> statement-breakpoint
-- An admission or an undo that went through. Deferred to the commit: the scan's own statement updates the RSVP's
-- checked_in_count after inserting the log row (migration 0017), and the message carries the count after it.
CREATE OR REPLACE FUNCTION turnout_webhook_checkin() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_type text := CASE WHEN NEW.kind = 'entry' THEN 'checkin.created' ELSE 'checkin.undone' END;
  v_row event_rsvps;
BEGIN
  IF NOT turnout_webhook_wanted(NEW.event_id, ARRAY[v_type]) THEN RETURN NULL; END IF;
  SELECT * INTO v_row FROM event_rsvps WHERE id = NEW.rsvp_id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM turnout_webhook_enqueue(NEW.event_id, NEW.rsvp_id, v_type, jsonb_build_object(
    'checkin', jsonb_build_object('id', NEW.id, 'ticket_id', NEW.ticket_id, 'guests', abs(NEW.admitted), 'device', NEW.device,
      'scanned_at', turnout_iso(NEW.scanned_at), 'received_at', turnout_iso(NEW.received_at)),
    'rsvp', turnout_webhook_rsvp(v_row)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER checkins_webhook AFTER INSERT ON "checkins" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.reason IS NULL AND NEW.rsvp_id IS NOT NULL AND NEW.admitted <> 0)
  EXECUTE FUNCTION turnout_webhook_checkin();
