import { z } from 'zod';
import { zUuid } from './ids.ts';
import { zText } from './text.ts';

/**
 * The host's questions on the RSVP form (docs/product.md#custom-questions): the host's request schemas,
 * what the public form gets of them, and answersSchema — the one check of a guest's answers, run by
 * the form in the browser and again by the server on the first answer and on every change.
 */

export const QUESTION_KINDS = ['short_text', 'long_text', 'single_choice', 'multiple_choice', 'checkbox'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const SHOWN_FOR = ['yes', 'all'] as const;
export type ShownFor = (typeof SHOWN_FOR)[number];

export const MAX_QUESTIONS = 20;
export const MAX_OPTIONS = 20;
export const QUESTION_LABEL_MAX = 200;
export const QUESTION_HELP_MAX = 500;
export const OPTION_LABEL_MAX = 100;
/** The longest answer of each text kind. */
export const ANSWER_MAX = { short_text: 200, long_text: 2000 } as const;

export const isChoice = (kind: QuestionKind) => kind === 'single_choice' || kind === 'multiple_choice';

/** An option as stored: its id never changes; a removed option stays (removed) so old answers still read. */
export type TQuestionOption = { id: string; label: string; removed?: true };

const optionsMsg = `Use 2 to ${MAX_OPTIONS} options.`;
/** The host's list of options: an existing option by its id (its label may change), a new one without. */
const ZOptionsInput = z
  .array(
    z.strictObject({
      id: zUuid('Unknown option.').optional(),
      label: zText({ error: 'Name this option.' })
        .min(1, 'Name this option.')
        .max(OPTION_LABEL_MAX, `Use at most ${OPTION_LABEL_MAX} characters.`),
    }),
    { error: optionsMsg },
  )
  .max(MAX_OPTIONS, optionsMsg)
  .refine((o) => new Set(o.map((x) => x.label.toLowerCase())).size === o.length, 'Each option once: two have the same name.');

const questionFields = {
  label: zText({ error: 'Write the question.' })
    .min(1, 'Write the question.')
    .max(QUESTION_LABEL_MAX, `Use at most ${QUESTION_LABEL_MAX} characters.`),
  help: zText()
    .max(QUESTION_HELP_MAX, `Use at most ${QUESTION_HELP_MAX} characters.`)
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  required: z.boolean({ error: 'Say whether an answer is required.' }),
  shown_for: z.enum(SHOWN_FOR, { error: "Show it for 'Yes' only or for every answer." }),
  options: ZOptionsInput,
};

/** A new question; options only for the two choice kinds (2 or more). */
export const ZQuestionInput = z
  .strictObject({
    kind: z.enum(QUESTION_KINDS, { error: 'Choose the kind of question.' }),
    ...questionFields,
    help: questionFields.help.default(null),
    required: questionFields.required.default(false),
    shown_for: questionFields.shown_for.default('all'),
    options: questionFields.options.default([]),
  })
  .superRefine((v, ctx) => optionIssues(v.kind, v.options, ctx));
export type TQuestionInput = z.input<typeof ZQuestionInput>;

/** A change of a question: any of its fields but its kind, which never changes (answers depend on it). */
export const ZQuestionPatch = z.strictObject(questionFields).partial();
export type TQuestionPatch = z.input<typeof ZQuestionPatch>;

/** The form's new order: every question id of the event, once each. */
export const ZQuestionOrder = z.strictObject({
  ids: z.array(zUuid('Unknown question.')).max(MAX_QUESTIONS, `Use at most ${MAX_QUESTIONS} questions.`),
});

/** A choice question has 2 or more options; the others none. */
export function optionIssues(kind: QuestionKind, options: readonly unknown[], ctx: z.RefinementCtx) {
  if (isChoice(kind) && options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: optionsMsg });
  if (!isChoice(kind) && options.length)
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice question has options.' });
}

/** A question as the public form shows it: its options in use only. */
export type TFormQuestion = {
  id: string;
  kind: QuestionKind;
  label: string;
  help: string | null;
  required: boolean;
  shown_for: ShownFor;
  options: { id: string; label: string }[];
};

/** One answer: text, an option id, option ids, or a ticked box. */
export type TAnswerValue = string | string[] | boolean;
export type TAnswers = Record<string, TAnswerValue>;

/**
 * What the RSVP endpoints accept as `answers` before the event's own check (answersSchema): question
 * id → value, bounded so no request can carry more than a form could.
 */
export const ZAnswersBody = z
  .record(
    zUuid('Unknown question.'),
    z.union([z.string().max(ANSWER_MAX.long_text * 2), z.array(z.string().max(64)).max(MAX_OPTIONS), z.boolean()], {
      error: 'Answer with text, an option or a tick.',
    }),
  )
  .refine((v) => Object.keys(v).length <= MAX_QUESTIONS, `Answer at most ${MAX_QUESTIONS} questions.`);

export const REQUIRED_ANSWER = 'Please answer this question.';
export const REQUIRED_TICK = 'Please tick this box to continue.';
export const NOT_ON_FORM = 'This question is not on the form any more. Reload the page.';
const UNKNOWN_OPTION = 'Choose one of the options shown.';

/** Whether a question is asked of an answer with this status ('confirmed' is Yes). */
export const askedFor = (q: Pick<TFormQuestion, 'shown_for'>, status: string) => q.shown_for === 'all' || status === 'confirmed';

/** A missing answer is asked for; a value of the wrong type is told `wrong`. */
const missingOr = (wrong: string, missing = REQUIRED_ANSWER) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined ? missing : wrong),
});

function valueSchema(q: TFormQuestion) {
  const ids = new Set(q.options.map((o) => o.id));
  const known = (v: string) => ids.has(v);
  switch (q.kind) {
    case 'short_text':
    case 'long_text': {
      const max = ANSWER_MAX[q.kind];
      const text = zText({ multiline: q.kind === 'long_text', error: REQUIRED_ANSWER }).max(max, `Use at most ${max} characters.`);
      return q.required ? text.min(1, REQUIRED_ANSWER) : text.transform((v) => (v === '' ? undefined : v)).optional();
    }
    case 'single_choice': {
      const one = z.string(missingOr(UNKNOWN_OPTION));
      const choice = one.refine((v) => v === '' || known(v), UNKNOWN_OPTION);
      return q.required ? choice.refine((v) => v !== '', REQUIRED_ANSWER) : choice.transform((v) => (v === '' ? undefined : v)).optional();
    }
    case 'multiple_choice': {
      const many = z
        .array(z.string(), missingOr(UNKNOWN_OPTION))
        .refine((v) => v.every(known), UNKNOWN_OPTION)
        .transform((v) => [...new Set(v)]);
      return q.required ? many.refine((v) => v.length > 0, REQUIRED_ANSWER) : many.transform((v) => (v.length ? v : undefined)).optional();
    }
    case 'checkbox': {
      const tick = z.boolean(missingOr(REQUIRED_TICK, REQUIRED_TICK));
      return q.required ? tick.refine((v) => v, REQUIRED_TICK) : tick.transform((v) => (v ? true : undefined)).optional();
    }
  }
}

/**
 * The check of `{ answers }` for an answer with `status`: the questions asked of it (a 'Yes'-only
 * question is skipped for No and Maybe, and its answer dropped), each by its kind, required or not;
 * an id that is not a question of this form is refused by name (`answers.<id>`). Blank answers are
 * dropped from the output.
 */
export function answersSchema(questions: readonly TFormQuestion[], status: string) {
  const asked = questions.filter((q) => askedFor(q, status));
  const all = new Set(questions.map((q) => q.id));
  const shape: Record<string, z.ZodType> = {};
  for (const q of asked) shape[q.id] = valueSchema(q);
  return z.object({
    answers: z
      .record(z.string(), z.unknown())
      .default({})
      .superRefine((v, ctx) => {
        for (const key of Object.keys(v)) if (!all.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: NOT_ON_FORM });
      })
      .pipe(z.object(shape))
      .transform((v) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as TAnswers),
  });
}
