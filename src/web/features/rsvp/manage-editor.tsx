import { useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import * as React from 'react';
import { type GuestStatus, GUESTS_MAX } from '../../../common/constants.ts';
import { MSG } from '../../../common/messages.ts';
import { type TManagedRsvp, type TManagedRsvpAnswer, ZRsvpChange } from '../../../common/schemas/rsvps.ts';
import { Field } from '../../components/ui/field.tsx';
import { Input, PHONE_INPUT, Textarea } from '../../components/ui/input.tsx';
import { errorCode } from '../../lib/error-code.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { useChangeManagedRsvp } from './api/change-managed-rsvp.ts';
import { manageKeys } from './api/manage-rsvp.ts';
import { AnswerButtons, PartySizeField } from './answer-fields.tsx';
import { ManageCancel } from './manage-cancel.tsx';
import { ManageReminders } from './manage-reminders.tsx';
import type { ManageNotice } from './manage-view.tsx';
import { fieldMessage, type RsvpFieldErrors, toFieldErrors } from './validate-rsvp.ts';
import { answerErrorsOf, checkAnswers, QuestionFields, questionControlId, startingAnswers, useAnswers } from './question-fields.tsx';

export type ManageEditorProps = {
  rsvp: TManagedRsvp;
  secret: string;
  onAnswer(answer: TManagedRsvpAnswer, kind: ManageNotice['kind']): void;
};

type Values = { status: GuestStatus; guest_count: number; name: string; phone: string; notes: string };

const valuesOf = (r: TManagedRsvp): Values => ({
  status: r.status,
  guest_count: r.guest_count,
  name: r.name,
  phone: r.phone ?? '',
  notes: r.notes ?? '',
});

const sameValues = (a: Values, b: Values) =>
  a.status === b.status && a.guest_count === b.guest_count && a.name === b.name && a.phone === b.phone && a.notes === b.notes;

/**
 * "Only 3 seats left" under the party size when the cap is near enough to matter: the event's free
 * seats, beside those the guest's own 'yes' holds (the server's 409 counts the same way).
 */
export function seatsHint(seatsLeft: number | null, holding: boolean): string | undefined {
  if (seatsLeft === null || seatsLeft >= GUESTS_MAX) return undefined;
  if (seatsLeft <= 0) return holding ? 'No seats left besides yours.' : 'The event is full.';
  return `Only ${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left${holding ? ' besides yours' : ''}`;
}

/** A save's confirmation: whether an e-mail is on its way (a dev mailbox keeps it: src/common/email-delivery.ts). */
function savedText({ rsvp, email_queued }: TManagedRsvpAnswer): string {
  return email_queued && rsvp.email_delivery === 'smtp'
    ? `Saved. An e-mail with your new answer is on its way to ${rsvp.email}.`
    : 'Saved.';
}

/**
 * Change the answer (docs/product.md#manage-page): the three answers first, the party size unless
 * declining, then name, e-mail (read-only: it is whose answer this is), phone and notes; one Save.
 * Cancel sits apart, behind a confirmation. Loaded lazily by ManageView.
 */
export function ManageEditor({ rsvp, secret, onAnswer }: ManageEditorProps) {
  const waiting = rsvp.status === 'waitlisted' || rsvp.status === 'offered';
  const [values, setValues] = React.useState<Values>(() => valuesOf(rsvp));
  // A waiting party's answer is a Yes in line: sent and asked as one, and the server keeps its place or offer
  // (docs/product.md#waitlist); an offer's party size is the one its seats are held for.
  const asked = waiting ? 'confirmed' : values.status;
  const [errors, setErrors] = React.useState<RsvpFieldErrors>({});
  const [formError, setFormError] = React.useState<string | null>(null);
  // The last save's confirmation, shown beside Save changes until the next edit (docs/product.md#manage-page).
  const [savedNote, setSavedNote] = React.useState<string | null>(null);
  const change = useChangeManagedRsvp(secret);
  const qc = useQueryClient();
  const id = React.useId();
  const saved = valuesOf(rsvp);
  const answers = useAnswers(startingAnswers(rsvp.questions, rsvp.answers));
  const answersDirty = JSON.stringify(answers.values) !== JSON.stringify(startingAnswers(rsvp.questions, rsvp.answers));
  const dirty = !sameValues(values, saved) || answersDirty;
  const pending = change.isPending;
  // A field the server refused gets focus once the form is enabled again.
  const focusAfterSave = React.useRef<keyof Values | null>(null);
  React.useEffect(() => {
    if (pending || !focusAfterSave.current) return;
    document.getElementById(`${id}-${focusAfterSave.current}`)?.focus();
    focusAfterSave.current = null;
  }, [pending, id]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
    setFormError(null);
    setSavedNote(null);
  };

  const bindText = (key: 'name' | 'phone' | 'notes') => ({
    id: `${id}-${key}`,
    name: key,
    value: values[key],
    disabled: pending,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
  });

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending || !dirty) return;
    const parsed = ZRsvpChange.safeParse({ ...values, status: asked });
    if (!parsed.success) {
      const found: RsvpFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof RsvpFieldErrors | undefined;
        if (key && !found[key]) found[key] = fieldMessage(key, issue.message);
      }
      setErrors(found);
      const first = (['name', 'phone', 'guest_count', 'notes'] as const).find((k) => found[k]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    // The host's questions (docs/product.md#custom-questions): sent whole, they replace the stored answers.
    const answered = checkAnswers(rsvp.questions, asked, answers.values);
    if (!answered.ok) {
      answers.setErrors(answered.errors);
      const first = rsvp.questions.find((q) => answered.errors[q.id]);
      if (first) document.getElementById(questionControlId(id, first.id))?.focus();
      return;
    }
    answers.setErrors({});
    setFormError(null);
    setSavedNote(null);
    // Only answers the guest changed are sent: unchanged ones stay as stored, an answer to an option the host has
    // since removed included (the form no longer offers it).
    const payload = answersDirty ? { ...parsed.data, answers: answered.answers } : parsed.data;
    change.mutate(payload, {
      onSuccess: (answer) => {
        setValues(valuesOf(answer.rsvp));
        answers.setValues(startingAnswers(answer.rsvp.questions, answer.rsvp.answers));
        setSavedNote(savedText(answer));
        onAnswer(answer, 'saved');
      },
      onError: (err) => {
        const code = errorCode(err);
        const fields = fieldErrorsOf(err);
        setErrors(toFieldErrors(fields));
        answers.setErrors(answerErrorsOf(fields));
        if (code === 'capacity_exceeded' && fields?.guest_count) {
          focusAfterSave.current = 'guest_count';
          return;
        }
        setFormError(toUserMessage(err, MSG.submitFailed));
        // The page's state is out of date (the event ended, or the link was replaced elsewhere): read it again.
        if (code === 'event_ended' || code === 'not_found' || code === 'capacity_exceeded') {
          void qc.invalidateQueries({ queryKey: manageKeys.detail(secret) });
        }
      },
    });
  };

  return (
    <div className="grid gap-6 p-5 sm:p-6">
      <form noValidate onSubmit={onSubmit} aria-busy={pending} aria-labelledby={`${id}-heading`} className="grid gap-5">
        <h2 id={`${id}-heading`} className="font-semibold">
          {waiting ? 'Change your details' : 'Change your answer'}
        </h2>
        {/* docs/product.md#waitlist: a place in line is no answer to choose; seats come by an offer, leaving is the cancel below. */}
        {waiting ? null : (
          <AnswerButtons value={values.status} onValueChange={(v) => set('status', v)} disabled={pending} error={errors.status} />
        )}
        {values.status === 'declined' ? null : (
          <PartySizeField
            id={`${id}-guest_count`}
            value={values.guest_count}
            onChange={(n) => set('guest_count', n)}
            error={errors.guest_count}
            hint={values.status === 'confirmed' ? seatsHint(rsvp.event.seats_left, rsvp.status === 'confirmed') : undefined}
            disabled={pending || rsvp.status === 'offered'}
          />
        )}
        <Field label="Name" error={errors.name}>
          <Input {...bindText('name')} autoComplete="name" required aria-required="true" />
        </Field>
        <Field label="Email" hint="Your answer belongs to this address, so it cannot be changed here.">
          <Input id={`${id}-email`} value={rsvp.email} readOnly className="bg-paper text-ink/80" />
        </Field>
        <Field label="Phone (optional)" error={errors.phone}>
          <Input {...bindText('phone')} {...PHONE_INPUT} />
        </Field>
        <QuestionFields
          questions={rsvp.questions}
          status={asked}
          values={answers.values}
          errors={answers.errors}
          onChange={(qid, v) => {
            answers.onChange(qid, v);
            setFormError(null);
            setSavedNote(null);
          }}
          idPrefix={id}
        />
        <Field label="Notes (optional)" error={errors.notes}>
          <Textarea {...bindText('notes')} rows={2} className="min-h-20" />
        </Field>
        {formError ? (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <button
            type="submit"
            disabled={!dirty || pending}
            className="inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg bg-(--event-accent) px-6 font-semibold text-(--event-on-accent) hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {pending ? (
              <span className="size-4 animate-spin rounded-full border-2 border-current/30 border-t-current" aria-hidden="true" />
            ) : null}
            {pending ? 'Saving...' : 'Save changes'}
          </button>
          {dirty && !pending ? (
            <button
              type="button"
              onClick={() => {
                setValues(saved);
                answers.setValues(startingAnswers(rsvp.questions, rsvp.answers));
                answers.setErrors({});
                setErrors({});
                setFormError(null);
              }}
              className="inline-flex min-h-12 cursor-pointer items-center justify-center rounded-lg border border-ink/20 bg-white px-5 font-medium hover:bg-paper"
            >
              Undo changes
            </button>
          ) : null}
          {/* Beside the button that saved, announced when it appears; always there so the announcement is heard. */}
          <p role="status" aria-live="polite" className="min-w-0 sm:flex-1">
            {savedNote ? (
              <span className="inline-flex items-start gap-1.5 text-sm font-medium text-green-900">
                <Check className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {savedNote}
              </span>
            ) : null}
          </p>
        </div>
      </form>
      {rsvp.reminders !== null && rsvp.status !== 'declined' ? (
        <ManageReminders rsvp={{ ...rsvp, reminders: rsvp.reminders }} secret={secret} />
      ) : null}
      {rsvp.status === 'declined' ? null : <ManageCancel rsvp={rsvp} secret={secret} onAnswer={onAnswer} disabled={pending} />}
    </div>
  );
}
