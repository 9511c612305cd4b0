-- Public event pages are cached in each server process; every change to an event row tells all
-- processes at once (LISTEN turnout_event_changed, payload = event id). Delivered on commit only.
CREATE OR REPLACE FUNCTION turnout_notify_event_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('turnout_event_changed', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER events_notify_changed AFTER UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION turnout_notify_event_changed();
--> statement-breakpoint
-- Default themes (is_default = true; listed first). Classic carries the SPEC §3 colour defaults.
INSERT INTO "event_themes" ("id", "name", "colors", "is_default") VALUES
  ('00000000-0000-4000-8000-000000000001', 'Classic', '{"primary":"#32251b","secondary":"#32251b","accent":"#8B5CF6","background":"#f4e9d1","text":"#32251b"}', true),
  ('00000000-0000-4000-8000-000000000002', 'Midnight', '{"primary":"#e0c36a","secondary":"#c9d1e0","accent":"#e0c36a","background":"#141a2b","text":"#f1f3f8"}', true),
  ('00000000-0000-4000-8000-000000000003', 'Garden', '{"primary":"#2f5d3a","secondary":"#46704f","accent":"#b4492f","background":"#f3f7ef","text":"#1f2d22"}', true),
  ('00000000-0000-4000-8000-000000000004', 'Sunset', '{"primary":"#a63a28","secondary":"#7a2f3b","accent":"#c2410c","background":"#fff4ea","text":"#3a1f1a"}', true),
  ('00000000-0000-4000-8000-000000000005', 'Minimal', '{"primary":"#111111","secondary":"#444444","accent":"#2563eb","background":"#ffffff","text":"#111111"}', true)
ON CONFLICT ("id") DO NOTHING;
