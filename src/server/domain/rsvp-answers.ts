import { getTableName, type SQL, sql } from 'drizzle-orm';
import { event_rsvps } from '../db/schema/rsvps.ts';

/**
 * The RSVP in scope, always qualified: drizzle writes a column of a one-table select unqualified, and
 * inside these subqueries a bare "id" would be the question's.
 */
const rsvpId = sql`${sql.identifier(getTableName(event_rsvps))}.${sql.identifier(event_rsvps.id.name)}`;

/** The word a ticked checkbox answer shows as (guest list, CSV, e-mails). */
export const TICKED = 'Yes';

/**
 * One answer's text (docs/product.md#custom-questions), over `a` (rsvp_answers) joined to `q` (its
 * question): text as given, choices by their option labels in the question's order (a removed option
 * still has its label), a ticked box as TICKED.
 */
const answerText = sql`CASE
  WHEN q.kind = 'checkbox' THEN ${TICKED}::text
  WHEN q.kind IN ('single_choice', 'multiple_choice') THEN (
    SELECT string_agg(o.value->>'label', ', ' ORDER BY o.n) FROM jsonb_array_elements(q.options) WITH ORDINALITY AS o(value, n)
    WHERE CASE WHEN jsonb_typeof(a.value) = 'array' THEN a.value ? (o.value->>'id') ELSE a.value = o.value->'id' END)
  ELSE a.value #>> '{}' END`;

/** The guest's answers of the RSVP in scope (`event_rsvps.id`): question id → text. */
export const answerTextsSql = sql<Record<string, string>>`(SELECT coalesce(jsonb_object_agg(a.question_id, ${answerText}), '{}'::jsonb)
  FROM rsvp_answers a JOIN event_questions q ON q.id = a.question_id WHERE a.rsvp_id = ${rsvpId})`;

/** The RSVP's stored answers: question id → value (the manage page's form starts from them). */
export const answerValuesSql = sql<
  Record<string, string | string[] | boolean>
>`(SELECT coalesce(jsonb_object_agg(a.question_id, a.value), '{}'::jsonb)
  FROM rsvp_answers a WHERE a.rsvp_id = ${rsvpId})`;

/**
 * The RSVP's answers in form order, each with its question's label, kind and stored value (the manage
 * page starts its form from the values; the detail dialog and e-mails show the texts).
 */
export const answersShownSql = sql<
  { question_id: string; label: string; kind: string; text: string; value: string | string[] | boolean }[]
>`(SELECT coalesce(jsonb_agg(jsonb_build_object('question_id', a.question_id, 'label', q.label, 'kind', q.kind,
    'text', ${answerText}, 'value', a.value) ORDER BY q.position, q.created_at), '[]'::jsonb)
  FROM rsvp_answers a JOIN event_questions q ON q.id = a.question_id WHERE a.rsvp_id = ${rsvpId})`;

/** Guests whose answer to `questionId` chose `optionId` (the guest list's filter of a choice question). */
export const choseOption = (questionId: string, optionId: string): SQL =>
  sql`exists (select 1 from rsvp_answers a where a.rsvp_id = ${rsvpId} and a.question_id = ${questionId} and a.value @> to_jsonb(${optionId}::text))`;
