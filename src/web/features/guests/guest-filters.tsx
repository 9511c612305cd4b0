import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_MAX } from '../../../common/schemas/guests.ts';
import { RSVP_STATUS_LABEL } from '../../../common/messages.ts';
import { RSVP_STATUSES } from '../../../common/constants.ts';
import { Select } from '../../components/ui/input.tsx';
import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import type { GuestListParams } from '../../lib/queries/guest-keys.ts';

/** How long typing pauses before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

const SORTS = [
  { value: '', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'status:asc', label: 'RSVP status' },
] as const;

/** Search as you type (debounced): name, e-mail, phone or the 6-digit PIN. */
export function GuestSearch({
  value,
  onChange,
  label = 'Search guests',
}: {
  value: string;
  onChange: (q: string) => void;
  label?: string;
}) {
  const [text, setText] = useState(value);
  const id = useId();
  const sent = useRef(value);
  // The URL changed under us (Back, another event): show what it holds.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const q = text.trim();
    if (q === sent.current) return;
    const t = setTimeout(() => {
      sent.current = q;
      onChange(q);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, onChange]);

  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink/50" aria-hidden="true" />
      <input
        id={id}
        type="search"
        value={text}
        maxLength={SEARCH_MAX}
        onChange={(e) => setText(e.target.value)}
        placeholder="Name, e-mail, phone or PIN"
        autoComplete="off"
        spellCheck={false}
        className="h-11 w-full rounded-lg border border-ink/20 bg-white pr-10 pl-9 text-base placeholder:text-ink/40 focus-visible:outline-2 focus-visible:outline-accent [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          onClick={() => setText('')}
          className="absolute top-1/2 right-1 grid size-9 -translate-y-1/2 place-items-center rounded-md text-ink/60 hover:bg-ink/5"
          aria-label="Clear search"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: [string, string][];
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-ink/70">
        {label}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="h-10 min-w-32 text-sm">
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Status, checked in, payment (paid events) and sort; each change goes to the URL and back to page 1. */
export function GuestFilters({
  params,
  update,
  paid,
  questions,
}: {
  params: GuestListParams;
  update: (change: Partial<GuestListParams>) => void;
  paid: boolean;
  /** The event's questions: each choice question's options filter the list (docs/product.md#custom-questions). */
  questions?: readonly TQuestion[];
}) {
  const choices = (questions ?? []).filter((q) => q.kind === 'single_choice' || q.kind === 'multiple_choice');
  // The server's default order is newest first (created_at, desc); every other sort defaults to ascending.
  const sort = params.sort ?? 'created_at';
  const dir = params.dir ?? (sort === 'created_at' ? 'desc' : 'asc');
  const sortValue = sort === 'created_at' && dir === 'desc' ? '' : `${sort}:${dir}`;
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <FilterSelect
        label="RSVP"
        value={params.status ?? ''}
        onChange={(v) => update({ status: (v || undefined) as GuestListParams['status'] })}
        options={[
          ['', 'All answers'],
          ...RSVP_STATUSES.map((s): [string, string] => [s, RSVP_STATUS_LABEL[s]]),
          ['waitlist', `${RSVP_STATUS_LABEL.waitlisted} (in line order)`],
        ]}
      />
      <FilterSelect
        label="Checked in"
        value={params.checked_in ?? ''}
        onChange={(v) => update({ checked_in: (v || undefined) as GuestListParams['checked_in'] })}
        options={[
          ['', 'Everyone'],
          ['yes', 'Checked in'],
          ['no', 'Not checked in'],
        ]}
      />
      {paid || params.payment ? (
        <FilterSelect
          label="Payment"
          value={params.payment ?? ''}
          onChange={(v) => update({ payment: (v || undefined) as GuestListParams['payment'] })}
          options={[
            ['', 'Any payment'],
            ['paid', 'Paid'],
            ['unpaid', 'Pending or unpaid'],
          ]}
        />
      ) : null}
      {choices.length || params.answer ? (
        <FilterSelect
          label="Answer"
          value={params.answer ?? ''}
          onChange={(v) => update({ answer: v || undefined })}
          options={[
            ['', 'Any answer'],
            ...choices.flatMap((q) => q.options.map((o): [string, string] => [`${q.id}:${o.id}`, `${q.label}: ${o.label}`])),
          ]}
        />
      ) : null}
      <FilterSelect
        label="Sort"
        value={sortValue}
        onChange={(v) => {
          const [sort, dir] = v ? (v.split(':') as [GuestListParams['sort'], GuestListParams['dir']]) : [undefined, undefined];
          update({ sort, dir });
        }}
        options={SORTS.map((s) => [s.value, s.label])}
      />
    </div>
  );
}
