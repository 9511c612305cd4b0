import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp, TriangleAlert } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportField,
  type TGuestImport,
  type TImportMapping,
  type TImportPreview,
} from '../../../common/schemas/guest-imports.ts';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/input.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { useQuestions } from '../../lib/queries/event-questions.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { uploadGuestFile, useImportList, useImportPreview, useImportProgress, useStartImport } from './api/guest-imports.ts';
import { plural } from './format.ts';
import { rsvpLabel } from './status.ts';
import type { GuestStatus } from '../../../common/constants.ts';

const n = (x: number) => x.toLocaleString('en-US');
const ENCODINGS: Record<string, string> = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16', 'windows-1252': 'Windows-1252' };
const SEPARATORS: Record<string, string> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs', '|': 'bars' };
const FIELDS: ImportField[] = ['name', 'first_name', 'last_name', 'email', 'phone', 'guest_count', 'status', 'notes', 'ticket_code'];
const HINTS: Partial<Record<ImportField, string>> = {
  status: 'Yes, maybe or no (also going, attending, declined…). Empty: yes.',
  guest_count: '1 to 10. Empty: 1.',
  ticket_code: 'A barcode or QR code from the old tool: the door accepts it as it is.',
};

/**
 * Import guests from a CSV (docs/product.md#guest-import): choose a file (uploaded with its progress), match
 * its columns to the guest's fields and the event's questions while the first rows preview with their errors,
 * then import as a server job with progress, and read what was added, updated and left out with why.
 */
export function ImportFlow({ eventId, onDone }: { eventId: string; onDone: () => void }) {
  const [imp, setImp] = useState<TGuestImport | null>(null);
  const [started, setStarted] = useState<TGuestImport | null>(null);
  if (started) return <ImportProgress eventId={eventId} initial={started} onDone={onDone} />;
  if (imp) return <MapColumns eventId={eventId} imp={imp} onStarted={setStarted} onBack={() => setImp(null)} />;
  return (
    <div className="grid gap-6">
      <ChooseFile eventId={eventId} onUploaded={setImp} />
      <EarlierImports eventId={eventId} onOpen={setStarted} />
    </div>
  );
}

const STATUS_TEXT: Record<TGuestImport['status'], string> = {
  uploaded: 'Not started',
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Done',
  failed: 'Stopped on an error',
  cancelled: 'Cancelled',
};

/** The event's earlier imports: each opens its progress or report. Nothing while there are none (or they cannot load). */
function EarlierImports({ eventId, onOpen }: { eventId: string; onOpen: (imp: TGuestImport) => void }) {
  const list = useImportList(eventId);
  if (!list.data?.length) return null;
  return (
    <section aria-labelledby="earlier-imports" className="grid gap-2">
      <h3 id="earlier-imports" className="text-base font-semibold">
        Earlier imports
      </h3>
      <ul className="grid gap-2">
        {list.data.map((imp) => (
          <li key={imp.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-ink/10 p-3 text-sm">
            <span>
              <span className="font-medium">{imp.file_name}</span>
              <span className="text-ink/70">
                {' '}
                · {new Date(imp.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
                {STATUS_TEXT[imp.status]} · {countsText(imp.counts) || plural(imp.row_count, 'row')}
              </span>
            </span>
            <Button variant="outline" size="sm" onClick={() => onOpen(imp)} aria-label={`Open the report of ${imp.file_name}`}>
              {imp.status === 'done' || imp.status === 'failed' ? 'Report' : 'Progress'}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "4,950 added · 30 updated · 20 not imported". */
function countsText(c: TGuestImport['counts']): string {
  return [
    c.created ? `${n(c.created)} added` : '',
    c.updated ? `${n(c.updated)} updated` : '',
    c.unchanged ? `${n(c.unchanged)} unchanged` : '',
    c.failed ? `${n(c.failed)} not imported` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function ChooseFile({ eventId, onUploaded }: { eventId: string; onUploaded: (imp: TGuestImport) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const abort = useRef<AbortController | null>(null);
  const id = useId();
  useEffect(() => () => abort.current?.abort(), []);

  async function onChange(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!f) return;
    setError('');
    if (f.size > IMPORT_MAX_BYTES)
      return setError(
        `This file is ${(f.size / 1024 / 1024).toFixed(0)} MB: an import takes at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it in parts.`,
      );
    setFile(f);
    setSent(0);
    abort.current = new AbortController();
    try {
      onUploaded(await uploadGuestFile(eventId, f, setSent, abort.current.signal));
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setError(toUserMessage(err));
      setSent(null);
    }
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-ink/80">
        A CSV from a spreadsheet or another event tool, with a header row: at least each guest’s name and e-mail. Guests already on the list
        are updated by their e-mail, never added twice. Up to {n(IMPORT_MAX_ROWS)} rows.
      </p>
      {sent === null ? (
        <div className="grid gap-1.5">
          <label
            htmlFor={id}
            className="flex min-h-24 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-ink/20 p-5 text-center hover:border-accent focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/40"
          >
            <FileUp className="size-6 text-accent" aria-hidden="true" />
            <span className="font-medium">Choose a CSV file</span>
            <span className="text-xs text-ink/70">Excel, Google Sheets, Numbers and other tools’ exports all work</span>
            <input
              id={id}
              type="file"
              accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
              className="sr-only"
              onChange={onChange}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </label>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-3">
          <ProgressBar
            label={`Uploading ${file?.name ?? 'the file'}`}
            value={sent < 1 ? sent : null}
            detail={sent < 1 ? `${Math.round(sent * 100)}%` : 'Reading the rows…'}
          />
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => {
              abort.current?.abort();
              setSent(null);
            }}
          >
            Cancel
          </Button>
        </div>
      )}
    </div>
  );
}

const NONE = '';

function MapColumns({
  eventId,
  imp,
  onStarted,
  onBack,
}: {
  eventId: string;
  imp: TGuestImport;
  onStarted: (imp: TGuestImport) => void;
  onBack: () => void;
}) {
  const questions = useQuestions(eventId).data ?? [];
  const [mapping, setMapping] = useState<Partial<TImportMapping>>(imp.mapping as Partial<TImportMapping>);
  const [sendTickets, setSendTickets] = useState(false);
  const [sendReminders, setSendReminders] = useState(false);
  const [error, setError] = useState('');
  const start = useStartImport(eventId, imp.id);
  const ready = mapping.email !== undefined && (mapping.name !== undefined || mapping.first_name !== undefined);
  const preview = useImportPreview(eventId, imp.id, ready ? (mapping as TImportMapping) : null);
  const ids = { send: useId(), remind: useId() };

  const setField = (field: ImportField, value: string) =>
    setMapping((m) => {
      const next = { ...m };
      if (value === NONE) delete next[field];
      else next[field] = Number(value);
      return next;
    });
  const setAnswer = (questionId: string, value: string) =>
    setMapping((m) => {
      const answers = { ...(m.answers ?? {}) };
      if (value === NONE) delete answers[questionId];
      else answers[questionId] = Number(value);
      return { ...m, answers };
    });

  const columns = imp.headers.map((h, i) => {
    const example = imp.sample.find((r) => r[i])?.[i];
    return { value: String(i), label: example ? `${h} (e.g. ${example.length > 24 ? `${example.slice(0, 24)}…` : example})` : h };
  });

  async function onImport() {
    setError('');
    try {
      onStarted(await start.mutateAsync({ mapping: mapping as TImportMapping, send_tickets: sendTickets, send_reminders: sendReminders }));
    } catch (err) {
      setError(toUserMessage(err));
    }
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink/80">
          <strong>{imp.file_name}</strong>: {plural(imp.row_count, 'row')}, read as {ENCODINGS[imp.encoding] ?? imp.encoding} separated by{' '}
          {SEPARATORS[imp.delimiter] ?? `“${imp.delimiter}”`}.
        </p>
        <Button variant="outline" size="sm" onClick={onBack}>
          Choose another file
        </Button>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">Match the columns</legend>
        {FIELDS.map((field) => (
          <Field
            key={field}
            label={`${IMPORT_FIELD_LABELS[field]}${field === 'email' || field === 'name' ? ' (needed)' : ''}`}
            hint={field === 'name' ? 'Or first and last names below.' : HINTS[field]}
          >
            <ColumnSelect value={mapping[field]} columns={columns} onChange={(v) => setField(field, v)} />
          </Field>
        ))}
        {questions.map((q) => (
          <Field
            key={q.id}
            label={`Answer: ${q.label}`}
            hint={q.kind === 'single_choice' || q.kind === 'multiple_choice' ? 'By option name.' : undefined}
          >
            <ColumnSelect value={mapping.answers?.[q.id]} columns={columns} onChange={(v) => setAnswer(q.id, v)} />
          </Field>
        ))}
      </fieldset>

      <section aria-labelledby={`${ids.send}-preview`} className="grid gap-2">
        <h3 id={`${ids.send}-preview`} className="text-base font-semibold">
          Preview of the first rows
        </h3>
        {!ready ? (
          <p className="text-sm text-ink/70">Choose the columns with the names and the e-mail addresses to see the preview.</p>
        ) : preview.isError ? (
          <p role="alert" className="text-sm text-danger">
            {toUserMessage(preview.error)}
          </p>
        ) : !preview.data ? (
          <p className="text-sm text-ink/70" aria-busy="true">
            Reading the first rows…
          </p>
        ) : (
          <PreviewRows eventId={eventId} preview={preview.data} busy={preview.isFetching} />
        )}
      </section>

      <SwitchField
        id={ids.send}
        label="E-mail tickets to attending guests once imported"
        hint="Each guest answering yes gets their QR ticket, once."
        checked={sendTickets}
        onCheckedChange={setSendTickets}
      />
      <SwitchField
        id={ids.remind}
        label="Send the event’s reminders to new guests"
        hint="Off: imported guests hear nothing from this event unless you e-mail them."
        checked={sendReminders}
        onCheckedChange={setSendReminders}
      />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onImport} disabled={!ready || start.isPending} aria-busy={start.isPending || undefined}>
          {start.isPending ? 'Starting…' : `Import ${plural(imp.row_count, 'row')}`}
        </Button>
      </div>
    </div>
  );
}

/** A column of the file, or none; `id` and the ARIA links come from the Field around it. */
function ColumnSelect({
  value,
  columns,
  onChange,
  ...rest
}: { value: number | undefined; columns: { value: string; label: string }[]; onChange: (value: string) => void } & Omit<
  React.ComponentProps<'select'>,
  'value' | 'onChange'
>) {
  return (
    <Select {...rest} value={value === undefined ? NONE : String(value)} onChange={(e) => onChange(e.target.value)}>
      <option value={NONE}>— Not imported —</option>
      {columns.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </Select>
  );
}

const ACTION_TEXT = { create: 'New guest', update: 'Updates the guest with this e-mail', skip: 'Not imported' } as const;

function PreviewRows({ eventId, preview, busy }: { eventId: string; preview: TImportPreview; busy: boolean }) {
  const fieldName = useFieldName(eventId);
  const bad = preview.rows.filter((r) => r.errors.length).length;
  return (
    <div className="grid gap-2" aria-busy={busy || undefined}>
      <p className="text-sm" aria-live="polite">
        {bad === 0 ? 'These rows read well.' : `${plural(bad, 'row')} of the first ${preview.rows.length} would not be imported.`}{' '}
        <span className="text-ink/70">Rows are numbered from the first one under the header.</span>
      </p>
      {/* Scrolls on its own: focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys */}
      <ol tabIndex={0} aria-label="The first rows" className="grid max-h-80 gap-2 overflow-y-auto rounded-xl border border-ink/10 p-2">
        {preview.rows.map((r) => (
          <li key={r.row} className={`rounded-lg p-2 text-sm ${r.errors.length ? 'bg-red-50' : 'bg-ink/[0.03]'}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium">
                Row {r.row}: {r.values.name || '(no name)'}
                <span className="font-normal text-ink/70"> · {r.values.email || '(no e-mail)'}</span>
              </span>
              <span className="text-xs text-ink/70">
                {rsvpLabel((r.values.status as GuestStatus | null) ?? 'confirmed')} · {plural(r.values.guest_count ?? 1, 'guest')}
              </span>
            </div>
            <p className={`text-xs ${r.errors.length ? 'text-danger' : 'text-ink/70'}`}>
              {r.errors.length ? r.errors.map((e) => `${fieldName(e.field)}: ${e.message}`).join(' ') : ACTION_TEXT[r.action]}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** What a row error is about: a field's name, "Answer to “Meal”", or the row itself. */
function useFieldName(eventId: string) {
  const questions = useQuestions(eventId).data ?? [];
  return (field: string) => {
    if (field in IMPORT_FIELD_LABELS) return IMPORT_FIELD_LABELS[field as ImportField];
    if (!field.startsWith('answers.')) return 'Row';
    const q = questions.find((x) => x.id === field.slice('answers.'.length));
    return q ? `Answer to “${q.label}”` : 'Answer';
  };
}

function ImportProgress({ eventId, initial, onDone }: { eventId: string; initial: TGuestImport; onDone: () => void }) {
  const progress = useImportProgress(eventId, initial.id, initial);
  const fieldName = useFieldName(eventId);
  const imp = progress.data;
  const qc = useQueryClient();
  const finished = imp.status === 'done' || imp.status === 'failed' || imp.status === 'cancelled';
  useEffect(() => {
    // The guest list and every figure drawn from it (the events' headcounts too).
    if (finished) void qc.invalidateQueries();
  }, [finished, qc]);
  const c = imp.counts;
  const summary = countsText(c);

  if (!finished) {
    return (
      <div className="grid gap-3">
        <ProgressBar
          label={`Importing ${imp.file_name}`}
          value={imp.row_count ? imp.done / imp.row_count : null}
          detail={`${n(imp.done)} of ${n(imp.row_count)} rows`}
        />
        {progress.isError ? (
          <p role="alert" className="text-sm text-danger">
            {toUserMessage(progress.error)} The import goes on; this window tries again.
          </p>
        ) : null}
        {/* Not a live region: the progress bar's value says how far it is; the end is announced once (role=status). */}
        <p className="text-sm text-ink/70">
          {summary || 'Starting…'} You can close this window: the import goes on, and its report stays under Import guests.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {imp.status === 'done' ? (
        <p className="flex items-start gap-2 font-medium" role="status">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          {summary || 'Nothing to import.'}
          {c.tickets_queued ? ` · ${plural(c.tickets_queued, 'ticket')} e-mailed` : ''}
        </p>
      ) : (
        <p className="flex items-start gap-2 font-medium text-danger" role="alert">
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          The import stopped on an error after {plural(imp.done, 'row')}: {summary || 'nothing was imported'}. Upload the file again to go
          on: rows already imported are only updated.
        </p>
      )}
      {imp.errors.length ? (
        <section className="grid gap-2" aria-labelledby="import-errors">
          <h3 id="import-errors" className="text-base font-semibold">
            {c.failed > imp.errors.length ? `The first ${imp.errors.length} of ${n(c.failed)} rows not imported` : 'Rows not imported'}
          </h3>
          <ol
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
            tabIndex={0}
            aria-labelledby="import-errors"
            className="grid max-h-72 gap-1.5 overflow-y-auto rounded-xl border border-ink/10 p-2 text-sm"
          >
            {imp.errors.map((e) => (
              <li key={e.row}>
                <span className="font-medium">Row {e.row}:</span> {e.errors.map((x) => `${fieldName(x.field)}: ${x.message}`).join(' ')}
              </li>
            ))}
          </ol>
          <p className="text-xs text-ink/70">
            Fix these rows in the file and import it again: the guests already imported are kept, not doubled.
          </p>
        </section>
      ) : null}
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
