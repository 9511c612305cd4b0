/** '€12.50' (our currencies have two decimals: docs/product.md#payments). */
const formatMoney = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

/**
 * An order's receipt in its e-mail (docs/product.md#taxes-and-fees, docs/decisions/0033-promo-codes-and-charges.md):
 * the order number, a line per ticket type, the promo code's discount, the booking fee, the tax and the total, in
 * minor units of `currency`. Stored with the queued confirmation, rendered when it goes out.
 */
export type Receipt = {
  number: string;
  currency: string;
  lines: { name: string; quantity: number; amount: number }[];
  discount: { code: string; amount: number } | null;
  fee: number;
  tax: { label: string; amount: number; inclusive: boolean } | null;
  total: number;
};

/** The receipt as rows of the e-mail's table: label and amount, the total last. */
export function receiptRows(r: Receipt): { label: string; value: string; strong?: boolean }[] {
  const money = (n: number) => formatMoney(n, r.currency);
  const rows: { label: string; value: string; strong?: boolean }[] = r.lines.map((l) => ({
    label: `${l.name} × ${l.quantity}`,
    value: money(l.amount),
  }));
  if (r.discount) rows.push({ label: `Promo code ${r.discount.code}`, value: `−${money(r.discount.amount)}` });
  if (r.fee) rows.push({ label: 'Booking fee', value: money(r.fee) });
  if (r.tax && !r.tax.inclusive) rows.push({ label: r.tax.label, value: money(r.tax.amount) });
  rows.push({ label: 'Total', value: money(r.total), strong: true });
  if (r.tax?.inclusive) rows.push({ label: `Of which ${r.tax.label.replace(/^incl\. /, '')}`, value: money(r.tax.amount) });
  return rows;
}
