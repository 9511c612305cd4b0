import { describe, expect, it } from 'vitest';
import { priceOrder, ratePercent, taxLabel, unitTax } from './pricing.ts';

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
    expect(p.units.map((u) => [u.discount, u.fee, u.paid])).toEqual([
      [2000, 150, 150],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(p.total).toBe(150);
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
