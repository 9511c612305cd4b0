-- Hand-written (issue 33 items 1 and 2, docs/decisions/0028-ticket-types.md). An event may sell ticket types;
-- an order (the RSVP row, as before) then holds one or more tickets, each with its own page secret, QR nonce
-- and door PIN. Events without types are untouched: no row here, no trigger work beyond a WHEN test.
CREATE TABLE "ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" integer DEFAULT 0 NOT NULL,
	"quantity" integer,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"sales_start" timestamp with time zone,
	"sales_end" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"admission" text DEFAULT 'each' NOT NULL,
	"position" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_types_price" CHECK ("ticket_types"."price" >= 0 AND "ticket_types"."price" <= 100000000),
	CONSTRAINT "ticket_types_quantity_min" CHECK ("ticket_types"."quantity" IS NULL OR "ticket_types"."quantity" >= 1),
	CONSTRAINT "ticket_types_per_order" CHECK ("ticket_types"."min_per_order" >= 1 AND "ticket_types"."max_per_order" >= "ticket_types"."min_per_order" AND "ticket_types"."max_per_order" <= 10),
	CONSTRAINT "ticket_types_sales_window" CHECK ("ticket_types"."sales_start" IS NULL OR "ticket_types"."sales_end" IS NULL OR "ticket_types"."sales_start" < "ticket_types"."sales_end"),
	CONSTRAINT "ticket_types_admission" CHECK ("ticket_types"."admission" IN ('each', 'group')),
	-- The per-type seat guarantee: the counter moves under the type row's lock, and this refuses a move past the quantity.
	CONSTRAINT "ticket_types_sold_out" CHECK ("ticket_types"."seats_taken" >= 0 AND ("ticket_types"."quantity" IS NULL OR "ticket_types"."seats_taken" <= "ticket_types"."quantity"))
);
--> statement-breakpoint
CREATE TABLE "order_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rsvp_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"of_count" integer NOT NULL,
	"admits" integer NOT NULL,
	"amount" integer NOT NULL,
	"pin" text NOT NULL,
	"ticket_secret" text NOT NULL,
	"qr_nonce" text NOT NULL,
	"checked_in_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tickets_admits" CHECK ("order_tickets"."admits" BETWEEN 1 AND 10),
	CONSTRAINT "order_tickets_number" CHECK ("order_tickets"."number" BETWEEN 1 AND "order_tickets"."of_count"),
	CONSTRAINT "order_tickets_checked_in" CHECK ("order_tickets"."checked_in_count" BETWEEN 0 AND "order_tickets"."admits")
);
--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_rsvp_id_event_rsvps_id_fk" FOREIGN KEY ("rsvp_id") REFERENCES "public"."event_rsvps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- NO ACTION (checked at the statement's end): an event's delete cascades to both sides; a type with tickets cannot go alone.
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_types_event_idx" ON "ticket_types" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "order_tickets_rsvp_idx" ON "order_tickets" USING btree ("rsvp_id","ticket_type_id","number");--> statement-breakpoint
CREATE INDEX "order_tickets_type_idx" ON "order_tickets" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_tickets_event_pin_key" ON "order_tickets" USING btree ("event_id","pin");--> statement-breakpoint
CREATE UNIQUE INDEX "order_tickets_ticket_secret_key" ON "order_tickets" USING btree ("ticket_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "order_tickets_qr_nonce_key" ON "order_tickets" USING btree ("qr_nonce");--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "ticket_id" uuid;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_ticket_id_order_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."order_tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sandbox_sessions" ADD COLUMN "line_items" jsonb;--> statement-breakpoint
-- Per-type counters follow the order's held seats (rsvps/seats.ts seatsHeld: confirmed or offered). A ticket
-- inserted into an order that holds seats takes its admits from its type; the order's status leaving or
-- entering a held state, or its row going, moves every type of the order. Types are taken in id order, so
-- two orders never wait on each other's types; all of this runs before the event row's seat UPDATE
-- (type rows, then the event row: one lock order everywhere). A typed order's party size is its tickets'.
CREATE FUNCTION turnout_ticket_type_take() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM event_rsvps r WHERE r.id = NEW.rsvp_id AND r.status IN ('confirmed', 'offered')) THEN
    UPDATE ticket_types SET seats_taken = seats_taken + NEW.admits WHERE id = NEW.ticket_type_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_tickets_take_type" AFTER INSERT ON "order_tickets" FOR EACH ROW EXECUTE FUNCTION turnout_ticket_type_take();--> statement-breakpoint
CREATE FUNCTION turnout_ticket_type_move(p_rsvp uuid, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  line record;
BEGIN
  FOR line IN SELECT t.ticket_type_id, sum(t.admits)::int AS n FROM order_tickets t WHERE t.rsvp_id = p_rsvp
    GROUP BY t.ticket_type_id ORDER BY t.ticket_type_id LOOP
    UPDATE ticket_types SET seats_taken = seats_taken + p_sign * line.n WHERE id = line.ticket_type_id;
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE FUNCTION turnout_ticket_type_follow() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF NEW.guest_count <> OLD.guest_count THEN
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
CREATE TRIGGER "event_rsvps_ticket_types_update" BEFORE UPDATE OF "status", "guest_count" ON "event_rsvps" FOR EACH ROW
  WHEN ((OLD.status IN ('confirmed', 'offered')) IS DISTINCT FROM (NEW.status IN ('confirmed', 'offered')) OR OLD.guest_count <> NEW.guest_count)
  EXECUTE FUNCTION turnout_ticket_type_follow();--> statement-breakpoint
CREATE TRIGGER "event_rsvps_ticket_types_delete" BEFORE DELETE ON "event_rsvps" FOR EACH ROW
  WHEN (OLD.status IN ('confirmed', 'offered'))
  EXECUTE FUNCTION turnout_ticket_type_follow();--> statement-breakpoint
-- The door (0017, 0025) learns tickets of an order: a PIN or QR nonce that no RSVP has may be an order ticket's;
-- then the order's row is locked first (the order it always was), the ticket's next, and an admission is
-- bounded by both the ticket's admits and the order's party. The verdict names the ticket's type and place
-- ("VIP · 1 of 2", record-scan.ts). An undo by the order takes back its tickets' admissions, latest first.
-- Same signature, wider result: dropped and created again.
DROP FUNCTION turnout_checkin_scan(uuid, text, text, text, text, text, timestamptz, integer, text, text, uuid, uuid);--> statement-breakpoint
CREATE FUNCTION turnout_checkin_scan(
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
    -- Admissible: confirmed and not still at a paid event's checkout, or paid (checkin-guest.ts admissible).
    IF NOT ((g.status = 'confirmed' AND g.payment_status IS DISTINCT FROM 'pending') OR g.payment_status IS NOT DISTINCT FROM 'paid') THEN
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
$$;
