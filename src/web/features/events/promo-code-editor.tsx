import type * as React from 'react';
import type { TPromoCode } from '../../../common/schemas/promo-codes.ts';
import type { TTicketType } from '../../../common/schemas/ticket-types.ts';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { useAddPromoCode, useChangePromoCode } from './api/promo-codes.ts';
import { EditorActions } from './editor-actions.tsx';
import { fromLocal, saveRow, toLocal, useRowDraft } from './row-editor.ts';

type Draft = {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  /** Empty: every type. */
  type_ids: string[];
  max_uses: string;
  per_order: string;
  expires_at: string;
};

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.replace(',', '.')));

const draftOf = (c?: TPromoCode): Draft => ({
  code: c?.code ?? '',
  kind: c?.kind ?? 'percent',
  value: c ? (c.kind === 'amount' ? (c.value / 100).toFixed(2) : String(c.value)) : '10',
  type_ids: c?.type_ids ?? [],
  max_uses: c?.max_uses === null || !c ? '' : String(c.max_uses),
  per_order: c?.per_order === null || !c ? '' : String(c.per_order),
  expires_at: toLocal(c?.expires_at ?? null),
});

/**
 * Adds a promo code or changes one (docs/product.md#promo-codes), saved on its own at once: a percentage or an amount
 * off each ticket (typed in the event's currency, sent in cents), on every type or the ones ticked (a hidden type
 * ticked here is unlocked by the code), with an optional use limit, per-order limit and expiry (this browser's zone).
 */
export function PromoCodeEditor({
  eventId,
  code,
  types,
  currency,
  onDone,
}: {
  eventId: string;
  code?: TPromoCode;
  types: readonly TTicketType[];
  currency: string;
  onDone(): void;
}) {
  const { draft, set, errors, setErrors, id } = useRowDraft<Draft>(() => draftOf(code));
  const add = useAddPromoCode(eventId);
  const change = useChangePromoCode(eventId);
  const busy = add.isPending || change.isPending;

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    if (busy) return;
    const raw = num(draft.value);
    const value = draft.kind === 'amount' ? Math.round(raw * 100) : raw;
    if (!Number.isFinite(value)) return setErrors({ value: draft.kind === 'amount' ? 'Enter an amount such as 5.00.' : 'Enter 0 to 100.' });
    const body = {
      code: draft.code,
      kind: draft.kind,
      value,
      type_ids: draft.type_ids.length ? draft.type_ids : null,
      max_uses: draft.max_uses.trim() === '' ? null : num(draft.max_uses),
      per_order: draft.per_order.trim() === '' ? null : num(draft.per_order),
      expires_at: fromLocal(draft.expires_at),
    };
    await saveRow({ id: code?.id, body, add: add.mutateAsync, change: change.mutateAsync, onDone, setErrors });
  }

  const toggleType = (typeId: string, on: boolean) =>
    set('type_ids', on ? [...draft.type_ids, typeId] : draft.type_ids.filter((t) => t !== typeId));

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded-lg border border-ink/15 bg-paper-soft p-3"
      aria-label={code ? 'Edit promo code' : 'New promo code'}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Code" error={errors.code} hint="3–32 letters, digits, - or _. Guests may type it in any case.">
          <Input
            id={`${id}-code`}
            value={draft.code}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
            autoFocus
            autoCapitalize="characters"
            placeholder="SPRING20"
          />
        </Field>
        <Field label="Discount" error={errors.kind}>
          <Select id={`${id}-kind`} value={draft.kind} onChange={(e) => set('kind', e.target.value as Draft['kind'])}>
            <option value="percent">Percentage off each ticket</option>
            <option value="amount">Amount off each ticket</option>
          </Select>
        </Field>
        <Field label={draft.kind === 'percent' ? 'Percent off' : `Amount off (${currency.toUpperCase()})`} error={errors.value}>
          <Input id={`${id}-value`} inputMode="decimal" value={draft.value} onChange={(e) => set('value', e.target.value)} />
        </Field>
        <Field
          label="Uses (optional)"
          error={errors.max_uses}
          hint={code ? `${code.uses} used. Empty: no limit.` : 'Orders that may use it. Empty: no limit.'}
        >
          <Input id={`${id}-uses`} inputMode="numeric" value={draft.max_uses} onChange={(e) => set('max_uses', e.target.value)} />
        </Field>
        <Field label="Tickets per order (optional)" error={errors.per_order} hint="The most tickets of one order it discounts.">
          <Input id={`${id}-per-order`} inputMode="numeric" value={draft.per_order} onChange={(e) => set('per_order', e.target.value)} />
        </Field>
        <Field label="Expires (optional)" error={errors.expires_at}>
          <Input id={`${id}-expires`} type="datetime-local" value={draft.expires_at} onChange={(e) => set('expires_at', e.target.value)} />
        </Field>
      </div>
      {types.length ? (
        <fieldset className="grid gap-1" aria-describedby={`${id}-types-hint`}>
          <legend className="text-sm font-medium">Ticket types</legend>
          <p id={`${id}-types-hint`} className="text-xs text-ink/70">
            None ticked: every type. A hidden type ticked here can be bought with the code.
          </p>
          {types.map((t) => (
            <label key={t.id} className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="size-5 accent-ink"
                checked={draft.type_ids.includes(t.id)}
                onChange={(e) => toggleType(t.id, e.target.checked)}
              />
              {t.name}
              {t.hidden ? <span className="text-xs text-ink/70">(hidden)</span> : null}
            </label>
          ))}
          {errors.type_ids ? (
            <p className="text-sm text-danger" role="alert">
              {errors.type_ids}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <EditorActions id={id} error={errors.form} busy={busy} onCancel={onDone} label={code ? 'Save promo code' : 'Add promo code'} />
    </form>
  );
}
