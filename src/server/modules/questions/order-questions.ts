import { and, eq, sql } from 'drizzle-orm';
import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import { event_questions } from '../../db/schema/questions.ts';
import { invalidFields } from '../../http/validation.ts';
import { changeForm, type FormChangeOptions } from './form-change.ts';
import { readQuestions } from './question-row.ts';

/** Puts the form's questions in the order given: every question of the event, once each (drag or Move up/down). */
export async function orderQuestions(opts: FormChangeOptions & { ids: string[] }): Promise<TQuestion[]> {
  const questions = await changeForm(opts, async (tx) => {
    const rows = await tx.select({ id: event_questions.id }).from(event_questions).where(eq(event_questions.event_id, opts.eventId));
    const mine = new Set(rows.map((r) => r.id));
    const given = new Set(opts.ids);
    if (given.size !== opts.ids.length || given.size !== mine.size || opts.ids.some((id) => !mine.has(id)))
      throw invalidFields({ ids: 'List every question of this form once; the form changed meanwhile? Reload it.' });
    for (const [position, id] of opts.ids.entries())
      await tx
        .update(event_questions)
        .set({ position: sql`${position}` })
        .where(and(eq(event_questions.id, id), eq(event_questions.event_id, opts.eventId)));
    return readQuestions(tx, opts.eventId);
  });
  opts.log.info({ eventId: opts.eventId }, 'questions reordered');
  return questions;
}
