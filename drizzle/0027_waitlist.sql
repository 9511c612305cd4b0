-- Issue 32: the waitlist (docs/product.md#waitlist, ADR 0026). Generated part: the event switch and offer time
-- (events.waitlist_offer_hours), the RSVP columns of a place in line and of an offer.
ALTER TABLE "events" ADD COLUMN "waitlist_offer_hours" integer;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "waitlist_position" bigint;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "offer_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "offers_made" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "offers_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "event_rsvps_waitlist_idx" ON "event_rsvps" USING btree ("event_id","waitlist_position") WHERE "event_rsvps"."status" = 'waitlisted';--> statement-breakpoint
CREATE INDEX "event_rsvps_offer_until_idx" ON "event_rsvps" USING btree ("offer_until") WHERE "event_rsvps"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waitlist" CHECK ("events"."waitlist_offer_hours" IS NULL OR ("events"."max_attendees" IS NOT NULL AND "events"."waitlist_offer_hours" BETWEEN 1 AND 168));--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_offer" CHECK (("event_rsvps"."status" = 'offered') = ("event_rsvps"."offer_until" IS NOT NULL));--> statement-breakpoint
-- ===== Hand-written from here (not drizzle-kit's): the sequence of places, the offer function, its trigger. =====
-- A party's place in line: joins are ordered by this sequence; a host's "move to the front" goes below the first.
CREATE SEQUENCE IF NOT EXISTS "event_rsvps_waitlist_seq";
--> statement-breakpoint
-- Offers `p_free` seats of event `p_event` to its waitlist, first party first, skipping a party that does not fit
-- (the next that fits is offered): each becomes 'offered' and holds its seats for `p_hours`. Returns the seats
-- offered, which the caller adds to the event's seats_taken in the same statement or transaction. It must run
-- under the event row's lock (the trigger below, or turnout_waitlist_promote): that lock is the one every seat
-- write takes, so freed seats are offered before any other answer can see them. A party that changed
-- meanwhile (left the line, grew past the seats) is re-checked by its UPDATE's WHERE and skipped.
CREATE OR REPLACE FUNCTION turnout_waitlist_offer(p_event uuid, p_free integer, p_hours integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_free integer := p_free;
  v_offered integer := 0;
  v_id uuid;
  v_count integer;
  v_after bigint := NULL;
BEGIN
  WHILE v_free > 0 LOOP
    SELECT r.id, r.waitlist_position INTO v_id, v_after FROM event_rsvps r
      WHERE r.event_id = p_event AND r.status = 'waitlisted' AND r.guest_count <= v_free
        AND (v_after IS NULL OR r.waitlist_position > v_after)
      ORDER BY r.waitlist_position LIMIT 1;
    EXIT WHEN v_id IS NULL;
    UPDATE event_rsvps SET status = 'offered', offer_until = now() + make_interval(hours => p_hours),
        offers_made = offers_made + 1, revision = revision + 1, updated_at = now()
      WHERE id = v_id AND status = 'waitlisted' AND guest_count <= v_free
      RETURNING guest_count INTO v_count;
    IF FOUND THEN
      v_free := v_free - v_count;
      v_offered := v_offered + v_count;
    END IF;
    v_id := NULL;
  END LOOP;
  RETURN v_offered;
END $$;
--> statement-breakpoint
-- Seats freed by any statement (a cancel, a smaller party, a host's removal, a lapsed payment hold or offer, a
-- raised capacity, the waitlist switched on) go to the waitlist inside that same UPDATE of the event row: the
-- trigger adds the offered seats to NEW.seats_taken, so the statement's RETURNING already counts them.
CREATE OR REPLACE FUNCTION turnout_waitlist_on_free() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seats_taken := NEW.seats_taken + turnout_waitlist_offer(NEW.id, NEW.max_attendees - NEW.seats_taken, NEW.waitlist_offer_hours);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_waitlist_offers BEFORE UPDATE OF seats_taken, max_attendees, waitlist_offer_hours ON "events"
  FOR EACH ROW
  WHEN (NEW.waitlist_offer_hours IS NOT NULL AND NEW.max_attendees IS NOT NULL AND NEW.seats_taken < NEW.max_attendees
    -- Only while guests can still come: an event switched off or over (its end, else start + DEFAULT_EVENT_HOURS = 4 h,
    -- as domain/event-ends.ts) offers nothing.
    AND NEW.is_active AND coalesce(NEW.end_date, NEW.event_date + interval '4 hours') > now()
    AND (NEW.seats_taken < OLD.seats_taken OR NEW.max_attendees > coalesce(OLD.max_attendees, 0) OR OLD.waitlist_offer_hours IS NULL))
  EXECUTE FUNCTION turnout_waitlist_on_free();
--> statement-breakpoint
-- The same offers where no seat count moved (a party joins or is moved up): locks the event row first, as a seat
-- write does. Returns the seats offered.
CREATE OR REPLACE FUNCTION turnout_waitlist_promote(p_event uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  e record;
  v_offered integer;
BEGIN
  SELECT max_attendees, seats_taken, waitlist_offer_hours, is_active, coalesce(end_date, event_date + interval '4 hours') AS ends
    INTO e FROM events WHERE id = p_event FOR UPDATE;
  IF e.waitlist_offer_hours IS NULL OR e.max_attendees IS NULL OR NOT e.is_active OR e.ends <= now() THEN RETURN 0; END IF;
  v_offered := turnout_waitlist_offer(p_event, e.max_attendees - e.seats_taken, e.waitlist_offer_hours);
  IF v_offered > 0 THEN
    UPDATE events SET seats_taken = seats_taken + v_offered WHERE id = p_event;
  END IF;
  RETURN v_offered;
END $$;
--> statement-breakpoint
-- The change trigger of 0026 with the new column: every column but the seat counter's notifies (events-public.test.ts).
DROP TRIGGER IF EXISTS events_notify_changed ON "events";
--> statement-breakpoint
CREATE TRIGGER events_notify_changed AFTER UPDATE OF
    id, slug, user_id, title, subtitle, image_url, preview_image_url, event_date, end_date, timezone, location,
    main_body_intro, main_body_description, call_to_action, rsvp_button_text, max_attendees, theme_id, is_active,
    is_paid_event, ticket_price, currency, stripe_publishable_key, stripe_secret_key_enc, stripe_secret_key_hint,
    created_at, host_line, show_guest_count, notify_rsvps, stripe_webhook_secret_enc, stripe_webhook_secret_hint,
    guest_refunds_allowed, reminder_minutes, waitlist_offer_hours
  ON "events"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until'))
  EXECUTE FUNCTION turnout_notify_event_changed();
