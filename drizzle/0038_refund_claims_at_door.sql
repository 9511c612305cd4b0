-- Issue 33 review fixes (docs/decisions/0034-refunds-per-ticket.md).
-- The door refuses a ticket whose refund is claimed (order_tickets.refund_id) and not only one refunded, and an
-- order's admission by name leaves out its tickets under refund: 0036's function with only that changed.
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
    -- a refunded ticket or a refunded order never is (migration 0036), and says so; nor is a ticket whose refund is
    -- claimed and still at the provider (0038): the claim and this scan both take the order's row lock, so a ticket
    -- is either used before its refund is claimed (the claim is refused) or refused here.
    IF (found_ticket AND tk.refund_id IS NOT NULL) OR g.payment_status IS NOT DISTINCT FROM 'refunded' THEN
      v_reason := 'refunded';
    ELSIF NOT ((g.status = 'confirmed' AND g.payment_status IS DISTINCT FROM 'pending') OR g.payment_status IS NOT DISTINCT FROM 'paid') THEN
      v_reason := 'not_confirmed';
    ELSE
      v_have := g.guest_count - g.checked_in_count;
      IF found_ticket THEN
        v_have := least(v_have, tk.admits - tk.checked_in_count);
      ELSE
        -- By the order: not the admissions of its tickets whose refund is under way (still in guest_count until it is done).
        v_have := v_have - coalesce((SELECT sum(t.admits)::integer FROM order_tickets t
          WHERE t.rsvp_id = g.id AND t.refund_id IS NOT NULL AND t.refunded_at IS NULL), 0);
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
-- payment.refunded names what each ticket was paid (paid_amount: after its discount, with its fee and tax), as the
-- guest list does, not its list price: 0036's function with only that changed.
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
          'admits', t.admits, 'amount', t.paid_amount, 'refunded_amount', t.refunded_amount) ORDER BY tt.position, tt.name, t.number)
        FROM order_tickets t JOIN ticket_types tt ON tt.id = t.ticket_type_id WHERE t.refund_id = NEW.id), '[]'::jsonb))));
  RETURN NULL;
END $$;
