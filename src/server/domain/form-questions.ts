import { getTableName, sql } from 'drizzle-orm';
import type { TFormQuestion } from '../../common/schemas/questions.ts';
import type { DbOrTx } from '../db/client.ts';
import { events } from '../db/schema/events.ts';

/** The event in scope, always qualified (a one-table select writes its columns bare; here "id" would be the question's). */
const eventId = sql`${sql.identifier(getTableName(events))}.${sql.identifier(events.id.name)}`;

/**
 * The RSVP form's questions of the event row in scope (`events.id`), in their order, each with the
 * options in use (docs/product.md#custom-questions): the public event JSON and the RSVP paths read them
 * in the same query as the event. An event without questions costs one empty index probe.
 */
export const formQuestionsSql = sql<TFormQuestion[]>`(SELECT coalesce(jsonb_agg(jsonb_build_object(
    'id', q.id, 'kind', q.kind, 'label', q.label, 'help', q.help, 'required', q.required, 'shown_for', q.shown_for,
    'options', (SELECT coalesce(jsonb_agg(o.value ORDER BY o.n), '[]'::jsonb)
      FROM jsonb_array_elements(q.options) WITH ORDINALITY AS o(value, n) WHERE NOT (o.value ? 'removed'))
  ) ORDER BY q.position, q.created_at), '[]'::jsonb)
  FROM event_questions q WHERE q.event_id = ${eventId})`;

/**
 * A question change is an event change for whoever shows or checks the form: every process drops its
 * cached copy of the event (the trigger of migration 0002 does this for the event row's own columns).
 * Call inside the change's transaction, then invalidate this app's cache (publicEvents.invalidate).
 */
export async function notifyFormChanged(tx: DbOrTx, eventId: string) {
  await tx.execute(sql`SELECT pg_notify('turnout_event_changed', ${eventId})`);
}
