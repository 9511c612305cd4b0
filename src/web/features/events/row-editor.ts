import * as React from 'react';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';

/** A row editor's draft (ticket types, promo codes): its fields, set one at a time, and the errors of the last save. */
export function useRowDraft<D>(initial: () => D) {
  const [draft, setDraft] = React.useState<D>(initial);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const set = <K extends keyof D>(key: K, value: D[K]) => setDraft((d) => ({ ...d, [key]: value }));
  return { draft, set, errors, setErrors, id: React.useId() };
}

/** Saves a row: a change of `id` when it exists, else a new one; then onDone, or the server's field errors (else its message under `form`). */
export async function saveRow<B>(o: {
  id: string | undefined;
  body: B;
  add: (body: B) => Promise<unknown>;
  change: (v: { id: string; patch: B }) => Promise<unknown>;
  onDone: () => void;
  setErrors: (errors: Record<string, string>) => void;
}) {
  try {
    if (o.id) await o.change({ id: o.id, patch: o.body });
    else await o.add(o.body);
    o.onDone();
  } catch (err) {
    const fields = fieldErrorsOf(err) ?? {};
    o.setErrors(Object.keys(fields).length ? fields : { form: toUserMessage(err) });
  }
}

/** An ISO instant as a datetime-local value in this browser's zone, and back (null when empty). */
export const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);
