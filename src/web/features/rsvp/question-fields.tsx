import * as React from 'react';
import { answersSchema, askedFor, type TAnswers, type TAnswerValue, type TFormQuestion } from '../../../common/schemas/questions.ts';
import { Field, FieldError } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';

/** The form's answers as typed (blank text, nothing chosen included): question id → value. */
export type AnswerValues = Record<string, TAnswerValue>;
export type AnswerErrors = Record<string, string>;

/**
 * The answers checked by the schema the server uses (common/schemas/questions.ts): the answers to send,
 * or an error per question id.
 */
export function checkAnswers(
  questions: readonly TFormQuestion[],
  status: string,
  values: AnswerValues,
): { ok: true; answers: TAnswers } | { ok: false; errors: AnswerErrors } {
  const asked = Object.fromEntries(Object.entries(values).filter(([id]) => questions.some((q) => q.id === id && askedFor(q, status))));
  const parsed = answersSchema(questions, status).safeParse({ answers: asked });
  if (parsed.success) return { ok: true, answers: parsed.data.answers };
  return { ok: false, errors: answerErrorsOf(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]))) };
}

/** The server's `fields` (`answers.<questionId>`) as errors per question id. */
export function answerErrorsOf(fields: Record<string, string> | undefined): AnswerErrors {
  const out: AnswerErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const id = key.startsWith('answers.') ? key.slice('answers.'.length) : null;
    if (id && !out[id]) out[id] = message;
  }
  return out;
}

/** The DOM id of a question's control (the first one, for a group), so a failed check can focus it. */
export const questionControlId = (prefix: string, questionId: string) => `${prefix}-q-${questionId}`;

type QuestionFieldsProps = {
  questions: readonly TFormQuestion[];
  /** The answer's status: questions for Yes only are shown while the answer is Yes. */
  status: string;
  values: AnswerValues;
  errors: AnswerErrors;
  onChange(questionId: string, value: TAnswerValue): void;
  idPrefix: string;
};

/** The host's questions on the RSVP form and the manage page (docs/product.md#custom-questions). */
export function QuestionFields({ questions, status, values, errors, onChange, idPrefix }: QuestionFieldsProps) {
  const asked = questions.filter((q) => askedFor(q, status));
  if (!asked.length) return null;
  return (
    <div className="grid gap-4">
      {asked.map((q) => (
        <QuestionField
          key={q.id}
          q={q}
          id={questionControlId(idPrefix, q.id)}
          value={values[q.id]}
          error={errors[q.id]}
          onChange={(v) => onChange(q.id, v)}
        />
      ))}
    </div>
  );
}

const labelOf = (q: TFormQuestion) => (q.required ? q.label : `${q.label} (optional)`);
const box = 'size-5 shrink-0 accent-ink';
const choiceRow =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-ink/15 px-3 py-2 text-sm has-[:checked]:border-ink';

function QuestionField(props: {
  q: TFormQuestion;
  id: string;
  value: TAnswerValue | undefined;
  error?: string;
  onChange(v: TAnswerValue): void;
}) {
  const { q, id, value, error, onChange } = props;
  const hint = q.help ? <span className="text-ink/75">{q.help}</span> : undefined;
  const required = q.required ? { required: true, 'aria-required': true as const } : {};
  if (q.kind === 'short_text' || q.kind === 'long_text') {
    const text = typeof value === 'string' ? value : '';
    return (
      <Field label={labelOf(q)} error={error} hint={hint}>
        {q.kind === 'short_text' ? (
          <Input id={id} value={text} onChange={(e) => onChange(e.target.value)} {...required} />
        ) : (
          <Textarea id={id} value={text} onChange={(e) => onChange(e.target.value)} rows={3} className="min-h-20" {...required} />
        )}
      </Field>
    );
  }
  const describedBy = [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  if (q.kind === 'checkbox') {
    return (
      <div className="grid gap-1.5">
        <label className={choiceRow}>
          <input
            id={id}
            type="checkbox"
            className={box}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...required}
          />
          <span>{labelOf(q)}</span>
        </label>
        {hint && !error ? (
          <p id={`${id}-hint`} className="text-xs">
            {hint}
          </p>
        ) : null}
        <FieldError id={id} error={error} />
      </div>
    );
  }
  const many = q.kind === 'multiple_choice';
  const chosen = many ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? [value] : [];
  return (
    <fieldset className="grid gap-1.5" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{labelOf(q)}</legend>
      {hint && !error ? (
        <p id={`${id}-hint`} className="-mt-1 mb-1 text-xs">
          {hint}
        </p>
      ) : null}
      {q.options.map((o, i) => (
        <label key={o.id} className={choiceRow}>
          <input
            id={i === 0 ? id : undefined}
            type={many ? 'checkbox' : 'radio'}
            name={id}
            className={box}
            checked={chosen.includes(o.id)}
            onChange={(e) => {
              if (!many) return onChange(o.id);
              onChange(e.target.checked ? [...chosen, o.id] : chosen.filter((c) => c !== o.id));
            }}
          />
          <span>{o.label}</span>
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** Stored answers as the form's starting values: options no longer offered are left out. */
export function startingAnswers(questions: readonly TFormQuestion[], stored: Record<string, TAnswerValue>): AnswerValues {
  const out: AnswerValues = {};
  for (const q of questions) {
    const v = stored[q.id];
    if (v === undefined) continue;
    const offered = new Set(q.options.map((o) => o.id));
    if (q.kind === 'single_choice') out[q.id] = typeof v === 'string' && offered.has(v) ? v : '';
    else if (q.kind === 'multiple_choice') out[q.id] = Array.isArray(v) ? v.filter((x) => offered.has(x)) : [];
    else out[q.id] = v;
  }
  return out;
}

/** A hook for a form with questions: values, errors, and a setter that clears the field's error. */
export function useAnswers(initial: AnswerValues = {}) {
  const [values, setValues] = React.useState<AnswerValues>(initial);
  const [errors, setErrors] = React.useState<AnswerErrors>({});
  const onChange = React.useCallback((id: string, value: TAnswerValue) => {
    setValues((v) => ({ ...v, [id]: value }));
    setErrors(({ [id]: _gone, ...rest }) => rest);
  }, []);
  return { values, setValues, errors, setErrors, onChange };
}
