-- Issue 29: a team place belongs to an account (user_id), not to whichever account has its e-mail text.
-- Places of addresses that already have an account are bound to it here; the others stay pending
-- (user_id null, no access) until that address's account is created (auth.ts, user create hook).
ALTER TABLE "event_hosts" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "event_hosts" ADD CONSTRAINT "event_hosts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_hosts_user_key" ON "event_hosts" USING btree ("user_id","event_id");--> statement-breakpoint
UPDATE "event_hosts" h SET "user_id" = u."id" FROM "user" u WHERE lower(trim(u."email")) = h."email";--> statement-breakpoint
-- The door's team check (0017) by account id; p_email stays in the signature, unused, so that
-- record-scan.ts's prepared statement does not change.
CREATE OR REPLACE FUNCTION turnout_checkin_scan(
  p_event uuid, p_user text, p_email text, p_kind text, p_nonce text, p_device text, p_scanned_at timestamptz,
  p_count integer, p_pin text, p_qr_nonce text, p_legacy uuid, p_rsvp uuid)
RETURNS TABLE (
  title text, image_url text, is_paid_event boolean,
  replay boolean, admitted integer, reason text,
  rsvp_id uuid, name text, phone text, guest_count integer, checked_in_count integer,
  status text, payment_status text, qr_code_data text, checked_in_at timestamptz,
  last_at timestamptz, last_by text, last_email text, last_device text)
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
  ELSIF p_qr_nonce IS NOT NULL THEN
    SELECT r.* INTO g FROM event_rsvps r WHERE r.qr_nonce = p_qr_nonce FOR UPDATE;
    found_guest := FOUND;
  ELSIF p_legacy IS NOT NULL THEN
    SELECT r.* INTO g FROM event_rsvps r WHERE r.id = p_legacy AND r.legacy_qr AND r.qr_version = 1 FOR UPDATE;
    found_guest := FOUND;
  ELSIF p_rsvp IS NOT NULL THEN
    SELECT r.* INTO g FROM event_rsvps r WHERE r.id = p_rsvp FOR UPDATE;
    found_guest := FOUND;
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

  INSERT INTO checkins (event_id, rsvp_id, user_id, device, kind, admitted, reason, nonce, scanned_at)
  VALUES (p_event, CASE WHEN found_guest THEN g.id END, p_user, p_device, p_kind, v_delta, v_reason, p_nonce, p_scanned_at)
  ON CONFLICT DO NOTHING
  RETURNING id INTO v_log;

  IF v_log IS NULL THEN
    -- The same scan again: the first attempt's verdict, with the guest as they are now.
    v_replay := true;
    SELECT c.rsvp_id, c.admitted, c.reason, c.event_id INTO first_row FROM checkins c
    WHERE c.user_id = p_user AND c.nonce = p_nonce LIMIT 1;
    v_delta := coalesce(first_row.admitted, 0);
    v_reason := first_row.reason;
    found_guest := false;
    IF first_row.rsvp_id IS NOT NULL AND first_row.event_id = p_event THEN
      SELECT r.* INTO g FROM event_rsvps r WHERE r.id = first_row.rsvp_id;
      found_guest := FOUND;
    END IF;
  ELSIF v_delta <> 0 THEN
    UPDATE event_rsvps r SET
      checked_in_count = r.checked_in_count + v_delta,
      attended = r.checked_in_count + v_delta > 0,
      checked_in_at = CASE WHEN r.checked_in_count + v_delta > 0 THEN coalesce(r.checked_in_at, p_scanned_at) END,
      updated_at = now()
    WHERE r.id = g.id
    RETURNING r.* INTO g;
  END IF;

  IF NOT found_guest THEN
    RETURN QUERY SELECT ev.title, ev.image_url, ev.is_paid_event, v_replay, v_delta, v_reason,
      NULL::uuid, NULL::text, NULL::text, NULL::integer, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::timestamptz,
      NULL::timestamptz, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  RETURN QUERY SELECT ev.title, ev.image_url, ev.is_paid_event, v_replay, v_delta, v_reason,
    g.id, g.name, g.phone, g.guest_count, g.checked_in_count, g.status, g.payment_status, g.qr_code_data, g.checked_in_at,
    l.scanned_at, l.name, l.email, l.device
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (
    SELECT c.scanned_at, u.name, u.email, c.device FROM checkins c LEFT JOIN "user" u ON u.id = c.user_id
    WHERE g.checked_in_count > 0 AND c.rsvp_id = g.id AND c.kind = 'entry' AND c.admitted > 0
    ORDER BY c.received_at DESC LIMIT 1
  ) l ON true;
END;
$$;
