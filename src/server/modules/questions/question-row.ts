import { asc, eq, sql } from 'drizzle-orm';
import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_questions } from '../../db/schema/questions.ts';

type QuestionRow = typeof event_questions.$inferSelect;

/** The columns of a host's question, with how many guests answered it. */
export const questionColumns = {
  id: event_questions.id,
  kind: event_questions.kind,
  label: event_questions.label,
  help: event_questions.help,
  required: event_questions.required,
  shown_for: event_questions.shown_for,
  position: event_questions.position,
  options: event_questions.options,
  answer_count: sql<number>`(SELECT count(*)::int FROM rsvp_answers a WHERE a.question_id = ${event_questions.id})`,
};

/** What the host sees of a question: its options in use (removed ones stay stored for old answers). */
export function hostQuestion(row: Omit<QuestionRow, 'event_id' | 'created_at'> & { answer_count: number }): TQuestion {
  // Field by field: a row read whole (an insert's RETURNING) carries columns the answer does not declare.
  const { id, kind, label, help, required, shown_for, position, answer_count } = row;
  const options = row.options.filter((o) => !o.removed).map((o) => ({ id: o.id, label: o.label }));
  return { id, kind, label, help, required, shown_for, position, options, answer_count };
}

/** An event's questions in form order. */
export async function readQuestions(db: DbOrTx, eventId: string): Promise<TQuestion[]> {
  const rows = await db
    .select(questionColumns)
    .from(event_questions)
    .where(eq(event_questions.event_id, eventId))
    .orderBy(asc(event_questions.position), asc(event_questions.created_at));
  return rows.map(hostQuestion);
}
