import type { TGuestRow } from '../../../common/schemas/guests.ts';
import { formatMinorUnits } from '../../lib/money.ts';

/**
 * An order's tickets in the guest list (docs/product.md#ticket-types): each ticket's type and what was paid for it,
 * "VIP · 1 of 2 ($50.00) · 1 in", what went back of a refunded one ("· refunded $50.00"), and the promo code the
 * order used ("Code SPRING20 · −$20.00"); nothing for an RSVP without ticket types.
 */
export function TicketsLine({ row, className }: { row: TGuestRow; className?: string }) {
  if (!row.tickets?.length) return null;
  const currency = row.payment_currency ?? 'usd';
  return (
    <ul className={className} aria-label={`Tickets of ${row.name}`}>
      {row.tickets.map((t) => (
        <li key={t.label}>
          {t.label} ({t.amount ? formatMinorUnits(t.amount, currency) : 'free'})
          {t.checked_in_count ? ` · ${t.admits > 1 ? `${t.checked_in_count} ` : ''}in` : ''}
          {t.refunded_amount !== null ? ` · refunded ${formatMinorUnits(t.refunded_amount, currency)}` : ''}
        </li>
      ))}
      {row.promo_code ? (
        // docs/product.md#promo-codes: the code the order used and what it took off.
        <li>
          Code <span className="font-mono font-semibold">{row.promo_code}</span>
          {row.discount_amount ? ` · −${formatMinorUnits(row.discount_amount, currency)}` : ''}
        </li>
      ) : null}
    </ul>
  );
}
