import type * as React from 'react';
import { PER_ORDER_MAX, type TTicketType } from '../../../common/schemas/ticket-types.ts';
import { Field } from '../../components/ui/field.tsx';
import { EditorActions } from './editor-actions.tsx';
import { Input, Select, Textarea } from '../../components/ui/input.tsx';
import { useAddTicketType, useChangeTicketType } from './api/ticket-types.ts';
import { fromLocal, saveRow, toLocal, useRowDraft } from './row-editor.ts';

type Draft = {
  name: string;
  description: string;
  price: string;
  quantity: string;
  min_per_order: string;
  max_per_order: string;
  sales_start: string;
  sales_end: string;
  hidden: boolean;
  admission: 'each' | 'group';
};

const draftOf = (t?: TTicketType): Draft => ({
  name: t?.name ?? '',
  description: t?.description ?? '',
  price: t ? (t.price / 100).toFixed(2) : '0.00',
  quantity: t?.quantity === null || !t ? '' : String(t.quantity),
  min_per_order: String(t?.min_per_order ?? 1),
  max_per_order: String(t?.max_per_order ?? PER_ORDER_MAX),
  sales_start: toLocal(t?.sales_start ?? null),
  sales_end: toLocal(t?.sales_end ?? null),
  hidden: t?.hidden ?? false,
  admission: t?.admission ?? 'each',
});

/** A number field's value for the API: '' stays '' (the server names the field), else a number. */
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/**
 * Adds a ticket type or changes one (docs/product.md#ticket-types), saved on its own at once. Prices are typed in
 * the event's currency ("12.50") and sent in cents; the sales window is in this browser's time zone.
 */
export function TicketTypeEditor({
  eventId,
  type,
  currency,
  onDone,
}: {
  eventId: string;
  type?: TTicketType;
  currency: string;
  onDone(): void;
}) {
  const { draft, set, errors, setErrors, id } = useRowDraft<Draft>(() => draftOf(type));
  const add = useAddTicketType(eventId);
  const change = useChangeTicketType(eventId);
  const busy = add.isPending || change.isPending;

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    if (busy) return;
    const price = Math.round(num(draft.price.replace(',', '.')) * 100);
    if (!Number.isFinite(price)) return setErrors({ price: 'Enter a price such as 12.50, or 0 for free.' });
    const body = {
      name: draft.name,
      description: draft.description,
      price,
      quantity: draft.quantity.trim() === '' ? null : num(draft.quantity),
      min_per_order: num(draft.min_per_order),
      max_per_order: num(draft.max_per_order),
      sales_start: fromLocal(draft.sales_start),
      sales_end: fromLocal(draft.sales_end),
      hidden: draft.hidden,
      admission: draft.admission,
    };
    await saveRow({ id: type?.id, body, add: add.mutateAsync, change: change.mutateAsync, onDone, setErrors });
  }

  return (
    // A form of its own, not inside the event form: Enter here saves the ticket type only.
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded-lg border border-ink/15 bg-paper-soft p-3"
      aria-label={type ? 'Edit ticket type' : 'New ticket type'}
    >
      <Field label="Name" error={errors.name}>
        <Input id={`${id}-name`} value={draft.name} onChange={(e) => set('name', e.target.value)} autoFocus placeholder="VIP" />
      </Field>
      <Field label="Description (optional)" error={errors.description}>
        <Textarea id={`${id}-description`} rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={`Price (${currency.toUpperCase()})`} error={errors.price} hint="0 for free.">
          <Input id={`${id}-price`} inputMode="decimal" value={draft.price} onChange={(e) => set('price', e.target.value)} />
        </Field>
        <Field
          label="Quantity on sale"
          error={errors.quantity}
          hint={type ? `${type.seats_taken} taken. Empty: no limit of its own.` : 'Empty: no limit of its own.'}
        >
          <Input id={`${id}-quantity`} inputMode="numeric" value={draft.quantity} onChange={(e) => set('quantity', e.target.value)} />
        </Field>
        <Field label="Minimum per order" error={errors.min_per_order}>
          <Input id={`${id}-min`} inputMode="numeric" value={draft.min_per_order} onChange={(e) => set('min_per_order', e.target.value)} />
        </Field>
        <Field label="Maximum per order" error={errors.max_per_order}>
          <Input id={`${id}-max`} inputMode="numeric" value={draft.max_per_order} onChange={(e) => set('max_per_order', e.target.value)} />
        </Field>
        <Field label="Sales start (optional)" error={errors.sales_start}>
          <Input id={`${id}-start`} type="datetime-local" value={draft.sales_start} onChange={(e) => set('sales_start', e.target.value)} />
        </Field>
        <Field label="Sales end (optional)" error={errors.sales_end}>
          <Input id={`${id}-end`} type="datetime-local" value={draft.sales_end} onChange={(e) => set('sales_end', e.target.value)} />
        </Field>
        <Field label="Tickets for a party" error={errors.admission}>
          <Select id={`${id}-admission`} value={draft.admission} onChange={(e) => set('admission', e.target.value as Draft['admission'])}>
            <option value="each">One ticket per guest</option>
            <option value="group">One ticket admitting the party</option>
          </Select>
        </Field>
        <label className="flex min-h-11 items-center gap-3 self-end text-sm">
          <input type="checkbox" className="size-5 accent-ink" checked={draft.hidden} onChange={(e) => set('hidden', e.target.checked)} />
          Hidden from the event page
        </label>
      </div>
      <EditorActions id={id} error={errors.form} busy={busy} onCancel={onDone} label={type ? 'Save ticket type' : 'Add ticket type'} />
    </form>
  );
}
