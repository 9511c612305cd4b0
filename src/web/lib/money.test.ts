import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from './money.ts';

describe('formatMinorUnits', () => {
  it('reads minor units in each currency', () => {
    expect(formatMinorUnits(2500, 'usd')).toBe('$25.00');
    expect(formatMinorUnits(1250, 'eur')).toBe('€12.50');
    expect(formatMinorUnits(999, 'gbp')).toBe('£9.99');
    expect(formatMinorUnits(10001, 'cad')).toBe('CA$100.01');
    // A zero-decimal currency: its minor unit is the unit.
    expect(formatMinorUnits(500, 'jpy')).toBe('¥500');
  });
  it('falls back to the code for an unknown currency', () => {
    expect(formatMinorUnits(2500, 'x1')).toBe('25.00 X1');
  });
});
