import { Plus, X } from 'lucide-react';
import * as React from 'react';
import { isChoice, MAX_OPTIONS, type QuestionKind, type ShownFor } from '../../../common/schemas/questions.ts';
import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError } from '../../components/ui/field.tsx';
import { EditorActions } from './editor-actions.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { useAddQuestion, useChangeQuestion } from './api/questions.ts';

export const KIND_LABEL: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  checkbox: 'Checkbox',
};

type Draft = {
  kind: QuestionKind;
  label: string;
  help: string;
  required: boolean;
  shown_for: ShownFor;
  options: { id?: string; label: string }[];
};

const draftOf = (q?: TQuestion): Draft =>
  q
    ? { kind: q.kind, label: q.label, help: q.help ?? '', required: q.required, shown_for: q.shown_for, options: q.options }
    : { kind: 'short_text', label: '', help: '', required: false, shown_for: 'all', options: [] };

/**
 * Adds a question or changes one (docs/product.md#custom-questions): saved on its own at once, like a
 * reminder. The kind is chosen once; a choice's options keep their ids, so answers given stay.
 */
export function QuestionEditor({ eventId, question, onDone }: { eventId: string; question?: TQuestion; onDone(): void }) {
  const [draft, setDraft] = React.useState<Draft>(() => draftOf(question));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const add = useAddQuestion(eventId);
  const change = useChangeQuestion(eventId);
  const id = React.useId();
  const busy = add.isPending || change.isPending;
  const choice = isChoice(draft.kind);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setOption = (i: number, label: string) =>
    set(
      'options',
      draft.options.map((o, j) => (j === i ? { ...o, label } : o)),
    );

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    if (busy) return;
    const options = choice ? draft.options.filter((o) => o.label.trim() !== '' || o.id) : [];
    const body = { label: draft.label, help: draft.help, required: draft.required, shown_for: draft.shown_for, options };
    try {
      if (question) await change.mutateAsync({ id: question.id, patch: body });
      else await add.mutateAsync({ ...body, kind: draft.kind });
      onDone();
    } catch (err) {
      const fields = fieldErrorsOf(err) ?? {};
      setErrors(Object.keys(fields).length ? fields : { form: toUserMessage(err) });
    }
  }

  const optionsError = errors.options ?? Object.entries(errors).find(([k]) => k.startsWith('options.'))?.[1];
  return (
    // A form of its own, not inside the event form: Enter here saves the question only.
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded-lg border border-ink/15 bg-paper-soft p-3"
      aria-label={question ? 'Edit question' : 'New question'}
    >
      {question ? null : (
        <Field label="Kind" error={errors.kind}>
          <Select
            id={`${id}-kind`}
            value={draft.kind}
            onChange={(e) => {
              const kind = e.target.value as QuestionKind;
              setDraft((d) => ({
                ...d,
                kind,
                options: isChoice(kind) && d.options.length < 2 ? [{ label: '' }, { label: '' }] : d.options,
              }));
            }}
          >
            {Object.entries(KIND_LABEL).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={draft.kind === 'checkbox' ? 'Text beside the box' : 'Question'} error={errors.label}>
        <Input id={`${id}-label`} value={draft.label} onChange={(e) => set('label', e.target.value)} autoFocus />
      </Field>
      <Field label="Help text (optional)" error={errors.help}>
        <Input id={`${id}-help`} value={draft.help} onChange={(e) => set('help', e.target.value)} />
      </Field>
      {choice ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Options</legend>
          {draft.options.map((o, i) => (
            <div key={o.id ?? `new-${i}`} className="flex items-center gap-2">
              <Input aria-label={`Option ${i + 1}`} value={o.label} onChange={(e) => setOption(i, e.target.value)} />
              <Button
                variant="ghost"
                size="icon"
                className="size-11 shrink-0"
                aria-label={`Remove option ${i + 1}`}
                onClick={() =>
                  set(
                    'options',
                    draft.options.filter((_, j) => j !== i),
                  )
                }
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          ))}
          {draft.options.length < MAX_OPTIONS ? (
            <Button variant="outline" className="justify-self-start" onClick={() => set('options', [...draft.options, { label: '' }])}>
              <Plus aria-hidden="true" /> Add option
            </Button>
          ) : null}
          {question ? (
            <p className="text-xs text-ink/70">Renaming an option keeps the answers given; a removed option stays on them.</p>
          ) : null}
          <FieldError id={`${id}-options`} error={optionsError} />
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-ink"
            checked={draft.required}
            onChange={(e) => set('required', e.target.checked)}
          />
          Required
        </label>
        <Field label="Ask" error={errors.shown_for}>
          <Select id={`${id}-shown`} value={draft.shown_for} onChange={(e) => set('shown_for', e.target.value as ShownFor)}>
            <option value="all">Every answer</option>
            <option value="yes">Only guests who answer Yes</option>
          </Select>
        </Field>
      </div>
      <EditorActions id={id} error={errors.form} busy={busy} onCancel={onDone} label={question ? 'Save question' : 'Add question'} />
    </form>
  );
}
