-- ADR 0019: the outbox claim reads the due messages in queue order through outbox_due_idx and stops at
-- the batch. During a rush the planner's statistics are stale: they describe the table before the
-- rush (empty, or almost every row sent), so it estimated a handful of due messages and chose to
-- collect every due row, probe both supersede checks for each, sort them all and keep 50. Each claim
-- then cost O(backlog): 27 ms a batch on average after a 10k-answer rush, half a PostgreSQL core while
-- the e-mails went out. This function fixes the plan whatever the statistics say: its own settings
-- rule out the sort and the bitmap scan, so the due index is walked in order and the claim's two
-- checks run for the rows it returns only.
CREATE FUNCTION turnout_outbox_due(n integer)
RETURNS TABLE (id uuid, supersede_key text, supersede_rank integer)
LANGUAGE sql VOLATILE
SET enable_sort = off
SET enable_bitmapscan = off
AS $$
  SELECT o.id, o.supersede_key, o.supersede_rank FROM outbox o
  WHERE o.status IN ('pending', 'sending') AND o.next_attempt_at <= now() AND o.handed_at IS NULL
  ORDER BY o.next_attempt_at
  LIMIT n
  FOR UPDATE SKIP LOCKED
$$;
