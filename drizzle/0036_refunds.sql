-- Hand-written (issue 33 item 5, docs/decisions/0034-refunds-per-ticket.md). A paid order is refunded per ticket,
-- in part or whole, by its owner: every refund is a row of payment_refunds, claimed under the order's row lock before
-- the provider is asked (so two requests never refund one ticket twice, nor more than was paid) and marked
-- 'succeeded' after. A refunded ticket stops admitting and gives its seats back; the order keeps the running total.
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rsvp_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_status" CHECK ("payment_refunds"."status" IN ('pending', 'succeeded')),
	CONSTRAINT "payment_refunds_reason" CHECK ("payment_refunds"."reason" IN ('host', 'cancelled', 'seats_gone'))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_rsvp_id_event_rsvps_id_fk" FOREIGN KEY ("rsvp_id") REFERENCES "public"."event_rsvps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_rsvp_idx" ON "payment_refunds" USING btree ("rsvp_id","created_at");--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "refunded_amount" integer;--> statement-breakpoint
-- A failed refund's claim is deleted: its tickets are free to refund again.
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_refunded" CHECK (("order_tickets"."refunded_at" IS NULL) = ("order_tickets"."refunded_amount" IS NULL) AND ("order_tickets"."refunded_at" IS NULL OR "order_tickets"."refund_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Never more back than was paid, whatever the code above it does.
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_refunded_amount" CHECK ("event_rsvps"."refunded_amount" >= 0 AND ("event_rsvps"."payment_amount" IS NULL OR "event_rsvps"."refunded_amount" <= "event_rsvps"."payment_amount"));--> statement-breakpoint
UPDATE "event_rsvps" SET "refunded_amount" = coalesce("payment_amount", 0) WHERE "payment_status" = 'refunded';--> statement-breakpoint
-- The payment_sandbox_sessions' refunds: what has gone back, and each refund's idempotency key.
ALTER TABLE "payment_sandbox_sessions" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "payment_sandbox_sessions" SET "refunded_amount" = CASE WHEN "line_items" IS NULL THEN "unit_amount" * "quantity"
  ELSE (SELECT coalesce(sum((l->>'unit_amount')::int * (l->>'quantity')::int), 0) FROM jsonb_array_elements("line_items") l) END
  WHERE "refunded_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "payment_sandbox_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"payment_intent" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- An order's types follow only its tickets not refunded: a refunded ticket gave its admissions back when it was
-- refunded (payments/refund-order.ts), and a later cancellation of the order must not give them back twice.
CREATE OR REPLACE FUNCTION turnout_ticket_type_move(p_rsvp uuid, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  line record;
BEGIN
  FOR line IN SELECT t.ticket_type_id, sum(t.admits)::int AS n FROM order_tickets t WHERE t.rsvp_id = p_rsvp AND t.refunded_at IS NULL
    GROUP BY t.ticket_type_id ORDER BY t.ticket_type_id LOOP
    UPDATE ticket_types SET seats_taken = seats_taken + p_sign * line.n WHERE id = line.ticket_type_id;
  END LOOP;
END;
$$;--> statement-breakpoint
-- A typed order's party is its tickets not refunded: the party may shrink only to that (a ticket's refund).
CREATE OR REPLACE FUNCTION turnout_ticket_type_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held_old boolean;
  held_new boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status IN ('confirmed', 'offered') THEN
      PERFORM turnout_ticket_type_move(OLD.id, -1);
    END IF;
    RETURN OLD;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM order_tickets t WHERE t.rsvp_id = NEW.id) THEN
    RETURN NEW;
  END IF;
  IF NEW.guest_count <> OLD.guest_count AND NEW.guest_count IS DISTINCT FROM
      (SELECT sum(t.admits)::int FROM order_tickets t WHERE t.rsvp_id = NEW.id AND t.refunded_at IS NULL) THEN
    RAISE EXCEPTION 'a ticketed order''s party size is its tickets'' admissions'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'order_tickets_party_fixed';
  END IF;
  held_old := OLD.status IN ('confirmed', 'offered');
  held_new := NEW.status IN ('confirmed', 'offered');
  IF held_old <> held_new THEN
    PERFORM turnout_ticket_type_move(NEW.id, CASE WHEN held_new THEN 1 ELSE -1 END);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- The door refuses a refunded ticket or order with its own reason, 'refunded' (same signature and result as 0030's).
CREATE OR REPLACE FUNCTION turnout_checkin_scan(
  p_event uuid, p_user text, p_email text, p_kind text, p_nonce text, p_device text, p_scanned_at timestamptz,
  p_count integer, p_pin text, p_qr_nonce text, p_legacy uuid, p_rsvp uuid)
RETURNS TABLE (
  title text, image_url text, is_paid_event boolean,
  replay boolean, admitted integer, reason text,
  rsvp_id uuid, name text, phone text, guest_count integer, checked_in_count integer,
  status text, payment_status text, qr_code_data text, checked_in_at timestamptz,
  last_at timestamptz, last_by text, last_email text, last_device text,
  ticket_id uuid, ticket_type text, ticket_number integer, ticket_of integer, ticket_admits integer, ticket_checked_in integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  ev record;
  g event_rsvps%ROWTYPE;
  found_guest boolean := false;
  v_reason text;
  v_delta integer := 0;
  v_have integer;
  v_k integer;
  v_log uuid;
  v_replay boolean := false;
  first_row record;
  tk order_tickets%ROWTYPE;
  found_ticket boolean := false;
  v_ticket uuid;
  v_left integer;
  v_take integer;
BEGIN
  SELECT e.id, e.title, e.image_url, e.is_paid_event INTO ev FROM events e
  WHERE e.id = p_event
    AND (e.user_id = p_user OR EXISTS (SELECT 1 FROM event_hosts h WHERE h.event_id = e.id AND h.user_id = p_user));
  IF NOT FOUND THEN
    RETURN;
  END IF;

  IF p_pin IS NOT NULL THEN
    SELECT r.* INTO g FROM rsvp_pins p JOIN event_rsvps r ON r.id = p.rsvp_id
    WHERE p.event_id = p_event AND p.pin = p_pin FOR UPDATE OF r;
    found_guest := FOUND;
    IF NOT found_guest THEN
      SELECT t.id INTO v_ticket FROM order_tickets t WHERE t.event_id = p_event AND t.pin = p_pin;
    END IF;
  ELSIF p_qr_nonce IS NOT NULL THEN
    SELECT r.* INTO g FROM event_rsvps r WHERE r.qr_nonce = p_qr_nonce FOR UPDATE;
    found_guest := FOUND;
    IF NOT found_guest THEN
      SELECT t.id INTO v_ticket FROM order_tickets t WHERE t.qr_nonce = p_qr_nonce;
    END IF;
  ELSIF p_legacy IS NOT NULL THEN
    SELECT r.* INTO g FROM event_rsvps r WHERE r.id = p_legacy AND r.legacy_qr AND r.qr_version = 1 FOR UPDATE;
    found_guest := FOUND;
  ELSIF p_rsvp IS NOT NULL THEN
    SELECT r.* INTO g FROM event_rsvps r WHERE r.id = p_rsvp FOR UPDATE;
    found_guest := FOUND;
  END IF;

  IF v_ticket IS NOT NULL THEN
    SELECT r.* INTO g FROM event_rsvps r WHERE r.id = (SELECT t.rsvp_id FROM order_tickets t WHERE t.id = v_ticket) FOR UPDATE;
    found_guest := FOUND;
    IF found_guest THEN
      SELECT t.* INTO tk FROM order_tickets t WHERE t.id = v_ticket FOR UPDATE;
      found_ticket := FOUND;
      found_guest := found_ticket;
    END IF;
  END IF;

  IF NOT found_guest THEN
    v_reason := 'invalid';
  ELSIF g.event_id <> p_event THEN
    v_reason := 'other_event';
    found_guest := false;
  ELSIF p_kind = 'entry' THEN
    -- Admissible: confirmed and not still at a paid event's checkout, or paid (checkin-guest.ts admissible);
    -- a refunded ticket or a refunded order never is (migration 0036), and says so.
    IF (found_ticket AND tk.refunded_at IS NOT NULL) OR g.payment_status IS NOT DISTINCT FROM 'refunded' THEN
      v_reason := 'refunded';
    ELSIF NOT ((g.status = 'confirmed' AND g.payment_status IS DISTINCT FROM 'pending') OR g.payment_status IS NOT DISTINCT FROM 'paid') THEN
      v_reason := 'not_confirmed';
    ELSE
      v_have := g.guest_count - g.checked_in_count;
      IF found_ticket THEN
        v_have := least(v_have, tk.admits - tk.checked_in_count);
      END IF;
      v_k := coalesce(p_count, v_have);
      IF v_have <= 0 THEN
        v_reason := 'already_checked_in';
      ELSIF v_k > v_have THEN
        v_reason := 'too_many';
      ELSE
        v_delta := v_k;
      END IF;
    END IF;
  ELSE
    v_have := g.checked_in_count;
    v_k := coalesce(p_count, v_have);
    IF v_have <= 0 THEN
      v_reason := 'not_checked_in';
    ELSIF v_k > v_have THEN
      v_reason := 'too_many';
    ELSE
      v_delta := -v_k;
    END IF;
  END IF;

  INSERT INTO checkins (event_id, rsvp_id, ticket_id, user_id, device, kind, admitted, reason, nonce, scanned_at)
  VALUES (p_event, CASE WHEN found_guest THEN g.id END, CASE WHEN found_ticket THEN tk.id END, p_user, p_device, p_kind, v_delta, v_reason, p_nonce, p_scanned_at)
  ON CONFLICT DO NOTHING
  RETURNING id INTO v_log;

  IF v_log IS NULL THEN
    -- The same scan again: the first attempt's verdict, with the guest as they are now.
    v_replay := true;
    SELECT c.rsvp_id, c.ticket_id, c.admitted, c.reason, c.event_id INTO first_row FROM checkins c
    WHERE c.user_id = p_user AND c.nonce = p_nonce LIMIT 1;
    v_delta := coalesce(first_row.admitted, 0);
    v_reason := first_row.reason;
    found_guest := false;
    found_ticket := false;
    IF first_row.rsvp_id IS NOT NULL AND first_row.event_id = p_event THEN
      SELECT r.* INTO g FROM event_rsvps r WHERE r.id = first_row.rsvp_id;
      found_guest := FOUND;
      IF first_row.ticket_id IS NOT NULL THEN
        SELECT t.* INTO tk FROM order_tickets t WHERE t.id = first_row.ticket_id;
        found_ticket := FOUND;
      END IF;
    END IF;
  ELSIF v_delta <> 0 THEN
    UPDATE event_rsvps r SET
      checked_in_count = r.checked_in_count + v_delta,
      attended = r.checked_in_count + v_delta > 0,
      checked_in_at = CASE WHEN r.checked_in_count + v_delta > 0 THEN coalesce(r.checked_in_at, p_scanned_at) END,
      updated_at = now()
    WHERE r.id = g.id
    RETURNING r.* INTO g;
    IF found_ticket THEN
      UPDATE order_tickets t SET checked_in_count = t.checked_in_count + v_delta WHERE t.id = tk.id RETURNING t.* INTO tk;
    ELSIF v_delta < 0 THEN
      -- An undo by the order: its tickets give back their admissions, the latest admitted first.
      v_left := -v_delta;
      FOR tk IN SELECT t.* FROM order_tickets t WHERE t.rsvp_id = g.id AND t.checked_in_count > 0
        ORDER BY (SELECT max(c.received_at) FROM checkins c WHERE c.ticket_id = t.id) DESC NULLS LAST, t.id FOR UPDATE LOOP
        EXIT WHEN v_left <= 0;
        v_take := least(v_left, tk.checked_in_count);
        UPDATE order_tickets t SET checked_in_count = t.checked_in_count - v_take WHERE t.id = tk.id;
        v_left := v_left - v_take;
      END LOOP;
    END IF;
  END IF;

  IF NOT found_guest THEN
    RETURN QUERY SELECT ev.title, ev.image_url, ev.is_paid_event, v_replay, v_delta, v_reason,
      NULL::uuid, NULL::text, NULL::text, NULL::integer, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::timestamptz,
      NULL::timestamptz, NULL::text, NULL::text, NULL::text,
      NULL::uuid, NULL::text, NULL::integer, NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  RETURN QUERY SELECT ev.title, ev.image_url, ev.is_paid_event, v_replay, v_delta, v_reason,
    g.id, g.name, g.phone, g.guest_count, g.checked_in_count, g.status, g.payment_status, g.qr_code_data, g.checked_in_at,
    l.scanned_at, l.name, l.email, l.device,
    CASE WHEN found_ticket THEN tk.id END, tt.name, CASE WHEN found_ticket THEN tk.number END,
    CASE WHEN found_ticket THEN tk.of_count END, CASE WHEN found_ticket THEN tk.admits END,
    CASE WHEN found_ticket THEN tk.checked_in_count END
  FROM (SELECT 1) one
  LEFT JOIN ticket_types tt ON found_ticket AND tt.id = tk.ticket_type_id
  LEFT JOIN LATERAL (
    SELECT c.scanned_at, u.name, u.email, c.device FROM checkins c LEFT JOIN "user" u ON u.id = c.user_id
    WHERE g.checked_in_count > 0 AND c.rsvp_id = g.id AND c.kind = 'entry' AND c.admitted > 0
    ORDER BY c.received_at DESC LIMIT 1
  ) l ON true;
END;
$$;--> statement-breakpoint
-- Webhooks (ADR 0030): an RSVP's payment carries what has been refunded of it; payment.refunded is now told by each
-- succeeded refund (below), with its amount and tickets, no longer by the RSVP's status alone.
CREATE OR REPLACE FUNCTION turnout_webhook_rsvp(r event_rsvps) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', r.id, 'event_id', r.event_id, 'name', r.name, 'preferred_name', r.preferred_name, 'email', r.email,
    'phone', r.phone, 'party_size', r.guest_count, 'status', r.status, 'notes', r.notes,
    'payment', CASE WHEN r.payment_status IS NULL THEN NULL ELSE jsonb_build_object(
      'status', r.payment_status, 'amount', r.payment_amount, 'currency', r.payment_currency, 'payment_id', r.payment_id,
      'refunded_amount', r.refunded_amount) END,
    'offer_until', CASE WHEN r.offer_until IS NULL THEN NULL ELSE turnout_iso(r.offer_until) END,
    'checked_in_count', r.checked_in_count,
    'created_at', turnout_iso(r.created_at), 'updated_at', turnout_iso(r.updated_at))
$$;
--> statement-breakpoint
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
-- A refund that went through. Deferred to the commit, so the message carries the order and its tickets as the
-- refund's transaction left them.
CREATE OR REPLACE FUNCTION turnout_webhook_refund() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_row event_rsvps;
BEGIN
  IF NOT turnout_webhook_wanted(NEW.event_id, ARRAY['payment.refunded']) THEN RETURN NULL; END IF;
  SELECT * INTO v_row FROM event_rsvps WHERE id = NEW.rsvp_id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM turnout_webhook_enqueue(NEW.event_id, NEW.rsvp_id, 'payment.refunded', jsonb_build_object(
    'rsvp', turnout_webhook_rsvp(v_row), 'removed', false,
    'refund', jsonb_build_object('id', NEW.id, 'amount', NEW.amount, 'currency', NEW.currency, 'reason', NEW.reason,
      'created_at', turnout_iso(coalesce(NEW.succeeded_at, NEW.created_at)),
      'tickets', coalesce((SELECT jsonb_agg(jsonb_build_object('id', t.id, 'type', tt.name, 'number', t.number, 'of', t.of_count,
          'admits', t.admits, 'amount', t.amount, 'refunded_amount', t.refunded_amount) ORDER BY tt.position, tt.name, t.number)
        FROM order_tickets t JOIN ticket_types tt ON tt.id = t.ticket_type_id WHERE t.refund_id = NEW.id), '[]'::jsonb))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_refunds_webhook AFTER INSERT OR UPDATE OF "status" ON "payment_refunds" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.status = 'succeeded')
  EXECUTE FUNCTION turnout_webhook_refund();
