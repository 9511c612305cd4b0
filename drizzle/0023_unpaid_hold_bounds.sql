ALTER TABLE "event_rsvps" ADD COLUMN "hold_client" text;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "hold_email" text;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "checkout_reopens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "event_rsvps_held_client_idx" ON "event_rsvps" USING btree ("event_id","hold_client") WHERE "event_rsvps"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "event_rsvps_held_email_idx" ON "event_rsvps" USING btree ("event_id","hold_email") WHERE "event_rsvps"."payment_status" = 'pending';--> statement-breakpoint
-- Issue 29: the seats of unpaid checkouts are bounded per client network and per normalised e-mail on
-- each event (domain/hold-limits.ts, docs/product.md#payments). A hold's seat write runs this after
-- its seat UPDATE, in the same transaction: that UPDATE's row lock on the event orders concurrent holds,
-- and each statement here reads what was committed before it, so the sums count every hold, whichever
-- process wrote it. Its own new hold is counted too. Sold seats (payment 'paid') are never counted.
CREATE FUNCTION turnout_check_unpaid_holds(p_event uuid, p_client text, p_email text, p_client_max integer, p_email_max integer)
RETURNS integer
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  IF p_client IS NOT NULL AND (
    SELECT coalesce(sum(r.guest_count), 0) FROM event_rsvps r
    WHERE r.event_id = p_event AND r.payment_status = 'pending' AND r.status = 'confirmed' AND r.hold_client = p_client
  ) > p_client_max THEN
    RAISE EXCEPTION 'unpaid seat holds over the bound' USING ERRCODE = 'TH001', DETAIL = 'client';
  END IF;
  IF p_email IS NOT NULL AND (
    SELECT coalesce(sum(r.guest_count), 0) FROM event_rsvps r
    WHERE r.event_id = p_event AND r.payment_status = 'pending' AND r.status = 'confirmed' AND r.hold_email = p_email
  ) > p_email_max THEN
    RAISE EXCEPTION 'unpaid seat holds over the bound' USING ERRCODE = 'TH001', DETAIL = 'email';
  END IF;
  RETURN 1;
END $$;
