-- Hand-written (ADR 0016): the events trigger of 0002 notified on every UPDATE, so each RSVP's seat
-- counter update dropped every process's cached page. It now notifies only when something other than
-- seats_taken / updated_at changed (or on DELETE); seats left reach readers through a briefly cached
-- counter read instead (events/public/seat-figures.ts). Same channel and payload as before.
DROP TRIGGER IF EXISTS events_notify_changed ON "events";
--> statement-breakpoint
CREATE TRIGGER events_notify_changed AFTER UPDATE ON "events"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken' - 'updated_at' - 'rsvps_notified_until') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken' - 'updated_at' - 'rsvps_notified_until'))
  EXECUTE FUNCTION turnout_notify_event_changed();
--> statement-breakpoint
CREATE TRIGGER events_notify_deleted AFTER DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION turnout_notify_event_changed();
