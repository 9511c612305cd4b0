ALTER TABLE "events" ADD COLUMN "host_line" text;
--> statement-breakpoint
-- The sample event seeded before this migration carries its host line as the description's first line
-- (then a blank line): move it into the new column. Only the event with slug 'sample', and only when
-- that line is exactly the seeded host line (src/common/sample-event.ts); any other text stays as it is.
UPDATE "events"
SET "host_line" = 'Hosted by the Turnout team',
  "main_body_description" = NULLIF(ltrim(substr("main_body_description", char_length('Hosted by the Turnout team') + 1), E' \t\r\n'), '')
WHERE "slug" = 'sample'
  AND "host_line" IS NULL
  AND split_part("main_body_description", E'\n', 1) = 'Hosted by the Turnout team';
