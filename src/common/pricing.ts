/**
 * What an order of ticket types costs (docs/product.md#promo-codes, docs/product.md#taxes-and-fees,
 * docs/decisions/0033-promo-codes-and-charges.md): one function for the event page's figures, the server's order,
 * the checkout's line items and the receipt, so what the guest is shown is what they are charged. Minor units.
 *
 * Each admission ("unit") of a priced type is priced alone: a promo code takes its discount off each eligible unit
 * (percent: rounded half up; amount: at most the unit's price), at most `per_order` units, the dearest first; the
 * booking fee is added per unit that still costs something after its discount (a 100% code makes a free order); the tax is computed on what the unit then costs (exclusive: added on top;
 * inclusive: the part of it that is tax). The order's figures are the sums of its units', so tickets add up exactly.
 */

export type PromoTerms = {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  /** null: every type. */
  type_ids: string[] | null;
  /** The most units of one order it discounts; null: all. */
  per_order: number | null;
};

export type Charges = {
  tax_name: string | null;
  /** Basis points: 2000 = 20%. */
  tax_rate_bp: number | null;
  tax_inclusive: boolean;
  /** Per priced ticket admission; 0 = none. */
  booking_fee: number;
};

export const NO_CHARGES: Charges = { tax_name: null, tax_rate_bp: null, tax_inclusive: false, booking_fee: 0 };

export type PriceLine = { type_id: string; price: number; quantity: number };

export type PricedUnit = { type_id: string; price: number; discount: number; fee: number; tax: number; paid: number };

export type PricedOrder = {
  /** Σ price × quantity. */
  subtotal: number;
  discount: number;
  fee: number;
  tax: number;
  /** What the guest pays: subtotal − discount + fee (+ tax when exclusive). */
  total: number;
  /** Each admission in line order, a line's units one after the other. */
  units: PricedUnit[];
};

/** Whether `code` discounts or unlocks type `typeId`. */
export const codeCovers = (code: Pick<PromoTerms, 'type_ids'>, typeId: string) => code.type_ids === null || code.type_ids.includes(typeId);

function unitDiscount(promo: PromoTerms, price: number): number {
  if (promo.kind === 'percent') return Math.min(price, Math.round((price * promo.value) / 100));
  return Math.min(price, promo.value);
}

/** The tax part of a unit costing `taxable` (exclusive: on top of it; inclusive: within it). */
export function unitTax(charges: Charges, taxable: number): number {
  const bp = charges.tax_rate_bp;
  if (!bp || taxable <= 0) return 0;
  if (!charges.tax_inclusive) return Math.round((taxable * bp) / 10_000);
  return taxable - Math.round((taxable * 10_000) / (10_000 + bp));
}

export function priceOrder(lines: readonly PriceLine[], promo: PromoTerms | null, charges: Charges = NO_CHARGES): PricedOrder {
  const units: PricedUnit[] = [];
  for (const l of lines)
    for (let i = 0; i < l.quantity; i++) units.push({ type_id: l.type_id, price: l.price, discount: 0, fee: 0, tax: 0, paid: 0 });
  if (promo) {
    // The dearest eligible units first (a stable sort keeps line order among equals), at most per_order of them.
    const eligible = units.filter((u) => u.price > 0 && codeCovers(promo, u.type_id)).sort((a, b) => b.price - a.price);
    for (const u of eligible.slice(0, promo.per_order ?? eligible.length)) u.discount = unitDiscount(promo, u.price);
  }
  for (const u of units) {
    // The fee is charged on what costs something: not on a free type, nor on a ticket a code made free.
    u.fee = u.price - u.discount > 0 ? charges.booking_fee : 0;
    const taxable = u.price - u.discount + u.fee;
    u.tax = unitTax(charges, taxable);
    u.paid = taxable + (charges.tax_inclusive ? 0 : u.tax);
  }
  const sum = (f: (u: PricedUnit) => number) => units.reduce((n, u) => n + f(u), 0);
  return {
    subtotal: sum((u) => u.price),
    discount: sum((u) => u.discount),
    fee: sum((u) => u.fee),
    tax: sum((u) => u.tax),
    total: sum((u) => u.paid),
    units,
  };
}

/**
 * The least a paid order may charge (Stripe's minimum charge per currency, minor units): an order costing something but
 * less is refused (docs/product.md#promo-codes), never charged below it nor made free.
 */
export const MIN_CHARGE: Readonly<Record<string, number>> = { usd: 50, eur: 50, gbp: 30, cad: 50 };
export const minCharge = (currency: string) => MIN_CHARGE[currency.toLowerCase()] ?? 50;

/** "20%" / "7.25%" for a rate in basis points. */
export const ratePercent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** The tax's label: "VAT 20%" (with "incl." when prices contain it). */
export function taxLabel(c: Charges): string | null {
  if (!c.tax_name || !c.tax_rate_bp) return null;
  return `${c.tax_inclusive ? 'incl. ' : ''}${c.tax_name} ${ratePercent(c.tax_rate_bp)}`;
}
