import { describe, expect, it } from 'vitest';
import { type Charges, minCharge, priceOrder, type PromoTerms, ratePercent, taxLabel, unitTax } from './pricing.ts';

// docs/decisions/0033-promo-codes-and-charges.md: each admission priced alone, sums exact.
const vip = { type_id: 'vip', price: 5000, quantity: 3 };
const ga = { type_id: 'ga', price: 2000, quantity: 1 };
const free = { type_id: 'kid', price: 0, quantity: 2 };

describe('priceOrder', () => {
  it('without a code or charges: the list prices', () => {
    const p = priceOrder([vip, ga, free], null);
    expect(p).toMatchObject({ subtotal: 17000, discount: 0, fee: 0, tax: 0, total: 17000 });
    expect(p.units).toHaveLength(6);
  });

  it('a percent code on some types, at most per_order admissions, the dearest first', () => {
    const p = priceOrder([ga, vip], { code: 'X', kind: 'percent', value: 20, type_ids: null, per_order: 2 }, undefined);
    // The two VIPs (dearer) get it, not the General.
    expect(p.units.map((u) => [u.type_id, u.discount])).toEqual([
      ['ga', 0],
      ['vip', 1000],
      ['vip', 1000],
      ['vip', 0],
    ]);
    expect(p.total).toBe(17000 - 2000);
    const only = priceOrder([ga, vip], { code: 'X', kind: 'percent', value: 20, type_ids: ['ga'], per_order: null });
    expect(only.discount).toBe(400);
  });

  it('an amount code never takes a ticket below nothing; free tickets get neither discount nor fee', () => {
    const p = priceOrder(
      [ga, free],
      { code: 'X', kind: 'amount', value: 2500, type_ids: null, per_order: null },
      {
        tax_name: null,
        tax_rate_bp: null,
        tax_inclusive: false,
        booking_fee: 150,
      },
    );
    // The code makes the General free: no fee on it either (a 100% code makes a free order).
    expect(p.units.map((u) => [u.discount, u.fee, u.paid])).toEqual([
      [2000, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(p.total).toBe(0);
  });

  it('exclusive tax is added on price − discount + fee; inclusive tax is the part within it; sums are exact', () => {
    const charges = { tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: false, booking_fee: 150 };
    const p = priceOrder([vip, ga], { code: 'S', kind: 'percent', value: 20, type_ids: ['vip'], per_order: 2 }, charges);
    expect(p).toMatchObject({ subtotal: 17000, discount: 2000, fee: 600, tax: 3120, total: 18720 });
    expect(p.units.reduce((n, u) => n + u.paid, 0)).toBe(p.total);
    const inc = priceOrder([{ type_id: 'a', price: 2000, quantity: 3 }], null, { ...charges, tax_inclusive: true, booking_fee: 0 });
    expect(inc.units.map((u) => u.tax)).toEqual([333, 333, 333]);
    expect(inc.total).toBe(6000);
  });

  it('rounds half up per admission, and labels rates', () => {
    expect(unitTax({ tax_name: 'T', tax_rate_bp: 825, tax_inclusive: false, booking_fee: 0 }, 6199)).toBe(511);
    expect(unitTax({ tax_name: 'T', tax_rate_bp: 1000, tax_inclusive: false, booking_fee: 0 }, 5)).toBe(1);
    expect(ratePercent(2000)).toBe('20%');
    expect(ratePercent(725)).toBe('7.25%');
    expect(ratePercent(750)).toBe('7.5%');
    expect(taxLabel({ tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: true, booking_fee: 0 })).toBe('incl. VAT 20%');
    expect(taxLabel({ tax_name: null, tax_rate_bp: null, tax_inclusive: false, booking_fee: 0 })).toBeNull();
  });
});

const fee150: Charges = { tax_name: null, tax_rate_bp: null, tax_inclusive: false, booking_fee: 150 };
const vat20fee150: Charges = { tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: false, booking_fee: 150 };
const code = (o: Partial<PromoTerms>): PromoTerms => ({ code: 'X', kind: 'percent', value: 100, type_ids: null, per_order: null, ...o });

describe('priceOrder: codes that make tickets free', () => {
  it('a 100% code makes a free order: no booking fee, no tax, total 0', () => {
    const p = priceOrder([{ type_id: 'vip', price: 5000, quantity: 2 }], code({}), vat20fee150);
    expect(p).toMatchObject({ subtotal: 10000, discount: 10000, fee: 0, tax: 0, total: 0 });
    expect(p.units.every((u) => u.fee === 0 && u.paid === 0)).toBe(true);
  });

  it('an amount code worth the whole price frees that ticket of its fee; the others still pay theirs', () => {
    const p = priceOrder(
      [
        { type_id: 'vip', price: 5000, quantity: 1 },
        { type_id: 'ga', price: 2000, quantity: 1 },
      ],
      code({ kind: 'amount', value: 2000, type_ids: ['ga'] }),
      fee150,
    );
    expect(p.units.map((u) => [u.type_id, u.discount, u.fee, u.paid])).toEqual([
      ['vip', 0, 150, 5150],
      ['ga', 2000, 0, 0],
    ]);
    expect(p.total).toBe(5150);
  });

  it('a 100% code on one unit only (per_order 1): the dearest is free, the rest pay price, fee and tax', () => {
    const p = priceOrder([{ type_id: 'vip', price: 5000, quantity: 2 }], code({ per_order: 1 }), vat20fee150);
    // The second: 50.00 + 1.50 = 51.50, VAT 10.30.
    expect(p.units.map((u) => [u.discount, u.fee, u.tax, u.paid])).toEqual([
      [5000, 0, 0, 0],
      [0, 150, 1030, 6180],
    ]);
    expect(p).toMatchObject({ discount: 5000, fee: 150, tax: 1030, total: 6180 });
  });

  it('a partial discount keeps the fee: 20% off still costs something', () => {
    const p = priceOrder([{ type_id: 'ga', price: 2000, quantity: 1 }], code({ value: 20 }), vat20fee150);
    // 20.00 − 4.00 + 1.50 = 17.50, VAT 3.50.
    expect(p.units[0]).toMatchObject({ discount: 400, fee: 150, tax: 350, paid: 2100 });
  });

  it('a free type never carries the fee', () => {
    const p = priceOrder([{ type_id: 'free', price: 0, quantity: 3 }], null, fee150);
    expect(p).toMatchObject({ fee: 0, total: 0 });
  });
});

describe('minCharge', () => {
  it("is Stripe's minimum per currency, 50 minor units unless known otherwise", () => {
    expect([minCharge('eur'), minCharge('usd'), minCharge('gbp'), minCharge('cad'), minCharge('EUR')]).toEqual([50, 50, 30, 50, 50]);
  });
});
