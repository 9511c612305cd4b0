import { eq } from 'drizzle-orm';
import { answersSchema, type TAnswers, type TFormQuestion } from '../../../common/schemas/questions.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { MessagePart } from '../../db/session-statements.ts';
import { rsvp_answers } from '../../db/schema/questions.ts';
import { AppError } from '../../errors.ts';
import { validationError } from '../../http/validation.ts';
import { insertPart } from './one-trip.ts';

/** A guest answered a question deleted while the form was open (its answer row's foreign key). */
export const ANSWER_QUESTION_FK = 'rsvp_answers_question_id_event_questions_id_fk';
export const formChanged = () =>
  new AppError('conflict', 'The questions on this form changed while you answered. Please reload the page and answer again.');

/**
 * The guest's answers to the event's questions, checked by the schema the form itself uses
 * (answersSchema: docs/product.md#custom-questions); 400 naming each field (`answers.<questionId>`).
 * An event without questions and a form without answers cost nothing.
 */
export function checkAnswers(questions: readonly TFormQuestion[], status: string, answers: unknown): TAnswers {
  if (!questions.length && answers === undefined) return {};
  const parsed = answersSchema(questions, status).safeParse({ answers });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.answers;
}

const rows = (rsvpId: string, answers: TAnswers) =>
  Object.entries(answers).map(([question_id, value]) => ({ rsvp_id: rsvpId, question_id, value }));

/** The answers' INSERTs for a first answer's one-trip message (create-rsvp.ts); none without answers. */
export const answerParts = (rsvpId: string, answers: TAnswers): MessagePart[] =>
  rows(rsvpId, answers).map((r) => insertPart(rsvp_answers, r));

/** Writes a first answer's answers in its transaction. */
export async function insertAnswers(tx: DbOrTx, rsvpId: string, answers: TAnswers) {
  const values = rows(rsvpId, answers);
  if (values.length) await tx.insert(rsvp_answers).values(values);
}

/** A changed answer's answers replace the old ones (a blank answer has no row). */
export async function replaceAnswers(tx: DbOrTx, rsvpId: string, answers: TAnswers) {
  await tx.delete(rsvp_answers).where(eq(rsvp_answers.rsvp_id, rsvpId));
  await insertAnswers(tx, rsvpId, answers);
}
