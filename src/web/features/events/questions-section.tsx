import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import { MAX_QUESTIONS } from '../../../common/schemas/questions.ts';
import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useDeleteQuestion, useOrderQuestions, useQuestions } from './api/questions.ts';
import { KIND_LABEL, QuestionEditor } from './question-editor.tsx';

/** The list with `from` moved to `to`. */
const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/**
 * The RSVP form's own questions (docs/product.md#custom-questions): each saved at once on its own, ordered by
 * drag, by Move up / Move down, or by Alt+↑ / Alt+↓ on a question (announced); a delete asks first.
 */
export function QuestionsSection({ eventId }: { eventId: string }) {
  const questions = useQuestions(eventId);
  const order = useOrderQuestions(eventId);
  const remove = useDeleteQuestion(eventId);
  const [editing, setEditing] = React.useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = React.useState<TQuestion | null>(null);
  const [announce, setAnnounce] = React.useState('');
  const [dragged, setDragged] = React.useState<number | null>(null);
  const headingId = React.useId();
  const list = questions.data ?? [];

  function move(from: number, to: number) {
    if (to < 0 || to >= list.length || from === to) return;
    const next = moved(list, from, to);
    order.mutate(
      next.map((q) => q.id),
      { onError: (err) => notify.error('Failed to reorder the questions', toUserMessage(err)) },
    );
    setAnnounce(`“${list[from]?.label}” moved to position ${to + 1} of ${list.length}.`);
    // Keep the keyboard on the question it moved.
    requestAnimationFrame(() => document.getElementById(`${headingId}-${list[from]?.id}`)?.focus());
  }

  async function onDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setAnnounce(`“${deleting.label}” deleted.`);
      setDeleting(null);
    } catch (err) {
      notify.error('Failed to delete the question', toUserMessage(err));
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div>
        <h3 id={headingId} className="text-base font-semibold">
          Questions for guests
        </h3>
        <p className="text-sm text-ink/70">Your own questions on the RSVP form. Each change is saved at once.</p>
      </div>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {questions.isPending ? (
        <Skeleton className="h-14" />
      ) : questions.isError ? (
        <p className="text-sm text-danger" role="alert">
          Failed to load the questions.{' '}
          <button type="button" className="underline underline-offset-4" onClick={() => questions.refetch()}>
            Retry
          </button>
        </p>
      ) : list.length === 0 && editing !== 'new' ? (
        <p className="rounded-lg bg-paper-soft px-3 py-2 text-sm text-ink/70">
          No questions yet: guests give their name, e-mail and answer.
        </p>
      ) : (
        <ol className="grid gap-2" aria-labelledby={headingId}>
          {list.map((q, i) =>
            editing === q.id ? (
              <li key={q.id}>
                <QuestionEditor eventId={eventId} question={q} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li
                key={q.id}
                id={`${headingId}-${q.id}`}
                tabIndex={-1}
                draggable
                onDragStart={(e) => {
                  setDragged(i);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragged !== null) move(dragged, i);
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                onKeyDown={(e) => {
                  if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
                  e.preventDefault();
                  move(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
                }}
                aria-describedby={`${headingId}-keys`}
                className={`flex items-center gap-2 rounded-lg border border-ink/15 bg-white py-1 pr-1 pl-2 focus-visible:outline-2 ${dragged === i ? 'opacity-50' : ''}`}
                data-testid="question-row"
              >
                <GripVertical className="size-4 shrink-0 cursor-grab text-ink/50" aria-hidden="true" />
                <span className="min-w-0 flex-1 py-1">
                  <span className="block truncate text-sm font-medium">{q.label}</span>
                  <span className="block text-xs text-ink/70">
                    {KIND_LABEL[q.kind]} · {q.required ? 'Required' : 'Optional'} · {q.shown_for === 'yes' ? 'Yes only' : 'Every answer'}
                    {q.answer_count ? ` · ${q.answer_count} ${q.answer_count === 1 ? 'answer' : 'answers'}` : ''}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-11"
                  aria-label={`Move “${q.label}” up`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-11"
                  aria-label={`Move “${q.label}” down`}
                  disabled={i === list.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" className="size-11" aria-label={`Edit “${q.label}”`} onClick={() => setEditing(q.id)}>
                  <Pencil aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" className="size-11" aria-label={`Delete “${q.label}”`} onClick={() => setDeleting(q)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ),
          )}
        </ol>
      )}
      <p id={`${headingId}-keys`} className="sr-only">
        Alt plus arrow up or down moves the question.
      </p>
      {editing === 'new' ? (
        <QuestionEditor eventId={eventId} onDone={() => setEditing(null)} />
      ) : list.length < MAX_QUESTIONS && questions.isSuccess ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" /> Add a question
        </Button>
      ) : null}
      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open || remove.isPending ? undefined : setDeleting(null))}>
        {deleting ? (
          <AlertDialogContent
            title={`Delete “${deleting.label}”?`}
            description={
              deleting.answer_count
                ? `Its ${deleting.answer_count} ${deleting.answer_count === 1 ? 'answer goes' : 'answers go'} with it: they leave the guest list, the CSV and the guests’ pages. This cannot be undone.`
                : 'No guest has answered it yet.'
            }
            confirmLabel="Delete question"
            onConfirm={onDelete}
            busy={remove.isPending}
          />
        ) : null}
      </AlertDialog>
    </section>
  );
}
