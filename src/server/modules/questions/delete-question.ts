import { and, eq } from 'drizzle-orm';
import { event_questions } from '../../db/schema/questions.ts';
import { notFound } from '../../errors.ts';
import { changeForm, type FormChangeOptions } from './form-change.ts';
import { MSG_QUESTION_NOT_FOUND } from './question-errors.ts';

/**
 * Deletes a question and, with it, its answers (docs/product.md#custom-questions: the host is asked
 * first, told how many answers go): they leave the guest list, its CSV and the guests' manage pages.
 */
export async function deleteQuestion(opts: FormChangeOptions & { questionId: string }): Promise<void> {
  await changeForm(opts, async (tx) => {
    const gone = await tx
      .delete(event_questions)
      .where(and(eq(event_questions.id, opts.questionId), eq(event_questions.event_id, opts.eventId)))
      .returning({ id: event_questions.id });
    if (!gone.length) throw notFound(MSG_QUESTION_NOT_FOUND);
  });
  opts.log.info({ eventId: opts.eventId, questionId: opts.questionId }, 'question deleted');
}
