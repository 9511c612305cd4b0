import { Minus, Plus } from 'lucide-react';
import type * as React from 'react';
import type { TPublicTicketType } from '../../../common/schemas/ticket-types.ts';
import { salesState } from '../../../common/ticket-label.ts';
import { formatMinorUnits } from '../../lib/money.ts';
import { type Charges, NO_CHARGES, type PricedOrder, type PromoTerms, priceOrder, taxLabel } from '../../../common/pricing.ts';

/** Chosen quantities by type id. */
export type Quantities = Record<string, number>;

/**
 * The order's lines (types with a quantity), its party and what it costs in minor units, priced by the same function
 * as the server's order and checkout (common/pricing.ts): the promo code's discount, the booking fee and the tax.
 */
export function orderOf(
  types: readonly TPublicTicketType[],
  q: Quantities,
  promo: PromoTerms | null = null,
  charges: Charges = NO_CHARGES,
) {
  const lines = types.filter((t) => (q[t.id] ?? 0) > 0).map((t) => ({ type_id: t.id, quantity: q[t.id]! }));
  const guests = lines.reduce((n, l) => n + l.quantity, 0);
  const priced = priceOrder(
    types.filter((t) => (q[t.id] ?? 0) > 0).map((t) => ({ type_id: t.id, price: t.price, quantity: q[t.id]! })),
    promo,
    charges,
  );
  return { lines, guests, total: priced.total, priced };
}

/** The rows above the total: subtotal, the code's discount ("SPRING20 · −€12.00"), the fee and an exclusive tax. */
function breakdown(priced: PricedOrder, promo: PromoTerms | null, charges: Charges, currency: string) {
  const money = (n: number) => formatMinorUnits(n, currency);
  const rows: { label: string; value: string; key: string }[] = [];
  const tax = taxLabel(charges);
  const extra = (promo && priced.discount > 0) || priced.fee > 0 || (!charges.tax_inclusive && priced.tax > 0);
  if (extra) rows.push({ key: 'subtotal', label: 'Tickets', value: money(priced.subtotal) });
  if (promo && priced.discount > 0) rows.push({ key: 'discount', label: promo.code, value: `−${money(priced.discount)}` });
  if (priced.fee > 0) rows.push({ key: 'fee', label: 'Booking fee', value: money(priced.fee) });
  if (tax && !charges.tax_inclusive && priced.tax > 0) rows.push({ key: 'tax', label: tax, value: money(priced.tax) });
  return rows;
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
  promo = null,
  charges = NO_CHARGES,
  codeField,
}: {
  types: readonly TPublicTicketType[];
  currency: string;
  value: Quantities;
  onChange(next: Quantities): void;
  error?: string;
  id: string;
  /** An applied promo code's terms, and the event's tax and fee (docs/product.md#promo-codes, #taxes-and-fees). */
  promo?: PromoTerms | null;
  charges?: Charges;
  /** The "Have a promo code?" field, placed above the total. */
  codeField?: React.ReactNode;
}) {
  const now = Date.now();
  const { guests, total, priced } = orderOf(types, value, promo, charges);
  const rows = breakdown(priced, promo, charges, currency);
  const tax = taxLabel(charges);
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
      {codeField}
      <div className="grid gap-1 rounded-lg bg-paper px-3 py-2.5 text-sm" aria-live="polite" data-testid="order-total">
        {rows.map((r) => (
          <p key={r.key} className="flex items-baseline justify-between gap-3">
            <span className={r.key === 'discount' ? 'font-mono font-semibold' : undefined}>{r.label}</span>
            <span className="tabular-nums">{r.value}</span>
          </p>
        ))}
        <p className="flex items-baseline justify-between gap-3">
          <span>
            Total <span className="text-ink/70">({guests === 1 ? '1 guest' : `${guests} guests`})</span>
          </span>
          <span className="font-semibold tabular-nums">{total ? formatMinorUnits(total, currency) : 'Free'}</span>
        </p>
        {tax && charges.tax_inclusive && priced.tax > 0 ? (
          <p className="text-xs text-ink/75">
            Includes {tax.replace(/^incl\. /, '')}: {formatMinorUnits(priced.tax, currency)}
          </p>
        ) : null}
        {charges.booking_fee > 0 && priced.fee === 0 ? (
          <p className="text-xs text-ink/75">A booking fee of {formatMinorUnits(charges.booking_fee, currency)} per paid ticket applies.</p>
        ) : null}
        {tax && !charges.tax_inclusive && priced.tax === 0 && guests === 0 ? <p className="text-xs text-ink/75">Plus {tax}.</p> : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
