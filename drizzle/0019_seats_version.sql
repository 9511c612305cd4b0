-- ADR 0016: seats_version orders seat counter readings (+1 with every seats_taken change, set by the
-- trigger below). The events trigger of 0012 keeps ignoring seat-only updates: seats_version is ignored too.
ALTER TABLE "events" ADD COLUMN "seats_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_notify_changed ON "events";
--> statement-breakpoint
CREATE TRIGGER events_notify_changed AFTER UPDATE ON "events"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken' - 'seats_version' - 'updated_at' - 'rsvps_notified_until'))
  EXECUTE FUNCTION turnout_notify_event_changed();
--> statement-breakpoint
-- Every change of seats_taken, by any statement, moves seats_version on (RETURNING sees the new value).
CREATE OR REPLACE FUNCTION turnout_bump_seats_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seats_version := OLD.seats_version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_bump_seats_version BEFORE UPDATE OF seats_taken ON "events"
  FOR EACH ROW
  WHEN (OLD.seats_taken IS DISTINCT FROM NEW.seats_taken)
  EXECUTE FUNCTION turnout_bump_seats_version();
