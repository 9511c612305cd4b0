import { z } from 'zod';
import { QUESTION_KINDS, SHOWN_FOR } from './questions.ts';
import { id } from './responses.ts';

const option = z.strictObject({ id, label: z.string() });

/** A question of the RSVP form as the public form shows it: its options in use only. */
export const ZFormQuestion = z
  .strictObject({
    id,
    kind: z.enum(QUESTION_KINDS),
    label: z.string(),
    help: z.string().nullable(),
    required: z.boolean(),
    /** 'yes': asked only of guests who answer Yes; 'all': of every answer. */
    shown_for: z.enum(SHOWN_FOR),
    options: z.array(option),
  })
  .meta({ id: 'FormQuestion' });

/** A question as the host manages it: its place in the form and how many guests answered it. */
export const ZQuestion = ZFormQuestion.extend({ position: z.number().int(), answer_count: z.number().int() }).meta({ id: 'Question' });
export type TQuestion = z.infer<typeof ZQuestion>;
export const ZQuestionAnswer = z.strictObject({ question: ZQuestion });
export const ZQuestionList = z.strictObject({ questions: z.array(ZQuestion) });
export type TQuestionList = z.infer<typeof ZQuestionList>;

/** One answer as the guest list, the detail dialog and the manage page show it: the question's label and the answer's text. */
export const ZAnswerShown = z.strictObject({
  question_id: id,
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  /** Text as given; choices by their option labels; a ticked box as 'Yes'. */
  text: z.string(),
  /** The stored value: text, an option id, option ids or true (the manage form starts from it). */
  value: z.union([z.string(), z.array(z.string()), z.boolean()]),
});
export type TAnswerShown = z.infer<typeof ZAnswerShown>;
