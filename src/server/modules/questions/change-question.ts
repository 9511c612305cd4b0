import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG_QUESTION_NOT_FOUND } from './question-errors.ts';
import { isChoice, type TQuestionOption, type ZQuestionPatch } from '../../../common/schemas/questions.ts';
import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import { event_questions } from '../../db/schema/questions.ts';
import { AppError, notFound } from '../../errors.ts';
import { invalidFields } from '../../http/validation.ts';
import { changeForm, type FormChangeOptions } from './form-change.ts';
import { questionColumns, hostQuestion } from './question-row.ts';

type OptionInput = { id?: string; label: string };

/**
 * The new options list, append-only (docs/product.md#custom-questions): an option named by its id keeps
 * it (a new label, the same answers), a new one gets an id, and one left out stays stored as removed, so
 * answers that chose it still read. An id that is not this question's is refused.
 */
export function mergeOptions(stored: readonly TQuestionOption[], given: readonly OptionInput[]): TQuestionOption[] {
  const byId = new Map(stored.map((o) => [o.id, o]));
  const kept = new Set<string>();
  const active: TQuestionOption[] = given.map((o, i) => {
    if (o.id === undefined) return { id: randomUUID(), label: o.label };
    if (!byId.has(o.id) || kept.has(o.id)) throw invalidFields({ [`options.${i}.id`]: 'This option is not one of this question.' });
    kept.add(o.id);
    return { id: o.id, label: o.label };
  });
  const removed = stored.filter((o) => !kept.has(o.id)).map((o) => ({ id: o.id, label: o.label, removed: true as const }));
  return [...active, ...removed];
}

/** Changes a question's wording, options, whether it is required and for whom; never its kind. */
export async function changeQuestion(
  opts: FormChangeOptions & { questionId: string; input: z.output<typeof ZQuestionPatch> },
): Promise<TQuestion> {
  const { input } = opts;
  const question = await changeForm(opts, async (tx) => {
    const where = and(eq(event_questions.id, opts.questionId), eq(event_questions.event_id, opts.eventId));
    const [row] = await tx.select().from(event_questions).where(where).for('update');
    if (!row) throw notFound(MSG_QUESTION_NOT_FOUND);
    let options = row.options;
    if (input.options !== undefined) {
      if (!isChoice(row.kind) && input.options.length)
        throw new AppError('validation_failed', 'Only a choice question has options.', { options: 'Only a choice question has options.' });
      if (isChoice(row.kind) && input.options.length < 2) throw invalidFields({ options: 'Use 2 or more options.' });
      options = mergeOptions(row.options, input.options);
    }
    const { options: _given, ...fields } = input;
    await tx
      .update(event_questions)
      .set({ ...fields, options })
      .where(where);
    const [updated] = await tx.select(questionColumns).from(event_questions).where(where);
    if (!updated) throw notFound(MSG_QUESTION_NOT_FOUND);
    return hostQuestion(updated);
  });
  opts.log.info({ eventId: opts.eventId, questionId: opts.questionId }, 'question changed');
  return question;
}
