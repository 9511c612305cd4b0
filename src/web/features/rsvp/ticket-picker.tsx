import { Minus, Plus } from 'lucide-react';
import type { TPublicTicketType } from '../../../common/schemas/ticket-types.ts';
import { salesState } from '../../../common/ticket-label.ts';
import { formatMinorUnits } from '../../lib/money.ts';

/** Chosen quantities by type id. */
export type Quantities = Record<string, number>;

/** The order's lines (types with a quantity), its party and its total in minor units. */
export function orderOf(types: readonly TPublicTicketType[], q: Quantities) {
  const lines = types.filter((t) => (q[t.id] ?? 0) > 0).map((t) => ({ type_id: t.id, quantity: q[t.id]! }));
  const guests = lines.reduce((n, l) => n + l.quantity, 0);
  const total = types.reduce((n, t) => n + t.price * (q[t.id] ?? 0), 0);
  return { lines, guests, total };
}

/** Why a type cannot be chosen now, or null when it can. */
function closedText(t: TPublicTicketType, now: number): string | null {
  const state = salesState(t, now);
  if (state === 'not_yet')
    return `On sale from ${new Date(t.sales_start!).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}`;
  if (state === 'ended') return 'Sales ended';
  if (t.left === 0) return 'Sold out';
  return null;
}

const stepClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-ink/25 bg-white text-ink disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * The guest's order on an event with ticket types (docs/product.md#ticket-types): each visible type with its price
 * and what is left, a quantity of each (within its per-order bounds), and the total. The server checks it all again.
 */
export function TicketPicker({
  types,
  currency,
  value,
  onChange,
  error,
  id,
}: {
  types: readonly TPublicTicketType[];
  currency: string;
  value: Quantities;
  onChange(next: Quantities): void;
  error?: string;
  id: string;
}) {
  const now = Date.now();
  const { guests, total } = orderOf(types, value);
  const setQ = (t: TPublicTicketType, n: number) => onChange({ ...value, [t.id]: n });
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined} id={id} tabIndex={-1}>
      <legend className="mb-1 text-sm font-medium">Tickets</legend>
      <ul className="grid gap-2">
        {types.map((t) => {
          const closed = closedText(t, now);
          const q = value[t.id] ?? 0;
          const cap = Math.min(t.max_per_order, t.left ?? t.max_per_order);
          // Below the minimum, a step up goes straight to it; a step down from it goes back to none.
          const up = q === 0 ? Math.max(1, t.min_per_order) : q + 1;
          const down = q <= t.min_per_order ? 0 : q - 1;
          const nameId = `${id}-${t.id}`;
          return (
            <li key={t.id} className="flex items-center gap-3 rounded-lg border border-ink/15 bg-white p-3">
              <div className="min-w-0 flex-1">
                <p id={nameId} className="text-sm font-semibold">
                  {t.name} <span className="font-normal">· {t.price ? formatMinorUnits(t.price, currency) : 'Free'}</span>
                </p>
                {t.description ? <p className="text-xs text-ink/75">{t.description}</p> : null}
                <p className="text-xs text-ink/75">
                  {closed ?? (t.left !== null ? `${t.left} left` : null)}
                  {!closed && t.min_per_order > 1 ? `${t.left !== null ? ' · ' : ''}at least ${t.min_per_order}` : null}
                </p>
              </div>
              {closed ? null : (
                <fieldset className="flex items-center gap-2" aria-labelledby={nameId}>
                  <button
                    type="button"
                    className={stepClass}
                    aria-label={`One ${t.name} fewer`}
                    disabled={q === 0}
                    onClick={() => setQ(t, down)}
                  >
                    <Minus className="size-4" aria-hidden="true" />
                  </button>
                  <output
                    className="w-6 text-center text-base font-semibold tabular-nums"
                    aria-live="polite"
                    aria-label={`${t.name}: ${q}`}
                  >
                    {q}
                  </output>
                  <button
                    type="button"
                    className={stepClass}
                    aria-label={`One ${t.name} more`}
                    disabled={up > cap}
                    onClick={() => setQ(t, up)}
                  >
                    <Plus className="size-4" aria-hidden="true" />
                  </button>
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
      <p className="flex items-baseline justify-between rounded-lg bg-paper px-3 py-2.5 text-sm" aria-live="polite">
        <span>
          Total <span className="text-ink/70">({guests === 1 ? '1 guest' : `${guests} guests`})</span>
        </span>
        <span className="font-semibold tabular-nums">{total ? formatMinorUnits(total, currency) : 'Free'}</span>
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
