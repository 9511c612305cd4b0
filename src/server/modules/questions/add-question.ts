import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { MAX_QUESTIONS, type TQuestionInput, type ZQuestionInput } from '../../../common/schemas/questions.ts';
import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import type { z } from 'zod';
import { event_questions } from '../../db/schema/questions.ts';
import { AppError } from '../../errors.ts';
import { changeForm, type FormChangeOptions } from './form-change.ts';
import { hostQuestion } from './question-row.ts';

export type { TQuestionInput };

/** A new question at the end of the event's form (docs/product.md#custom-questions); at most MAX_QUESTIONS. */
export async function addQuestion(opts: FormChangeOptions & { input: z.output<typeof ZQuestionInput> }): Promise<TQuestion> {
  const { input } = opts;
  const question = await changeForm(opts, async (tx) => {
    const [counted] = await tx.select({ n: count() }).from(event_questions).where(eq(event_questions.event_id, opts.eventId));
    if ((counted?.n ?? 0) >= MAX_QUESTIONS) throw new AppError('conflict', `An RSVP form holds at most ${MAX_QUESTIONS} questions.`);
    const [row] = await tx
      .insert(event_questions)
      .values({
        event_id: opts.eventId,
        kind: input.kind,
        label: input.label,
        help: input.help,
        required: input.required,
        shown_for: input.shown_for,
        position: sql`(SELECT coalesce(max(position), -1) + 1 FROM event_questions WHERE event_id = ${opts.eventId})`,
        options: input.options.map((o) => ({ id: randomUUID(), label: o.label })),
      })
      .returning();
    if (!row) throw new Error('addQuestion: the insert returned no row');
    return hostQuestion({ ...row, answer_count: 0 });
  });
  opts.log.info({ eventId: opts.eventId, questionId: question.id, kind: question.kind }, 'question added');
  return question;
}
