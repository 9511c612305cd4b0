import { describe, expect, it } from 'vitest';
import { admitOptions } from './admit-options.ts';

const labels = (guest_count: number, checked_in_count: number) =>
  admitOptions({ guest_count, checked_in_count }).map((o) => `${o.label}=${o.count}`);

describe('search check-in admit buttons (docs/product.md#check-in)', () => {
  it('one guest: Check in', () => {
    expect(labels(1, 0)).toEqual(['Check in=1']);
  });

  it('a party: Admit 1 and Admit all n, then the others, then the last one', () => {
    expect(labels(3, 0)).toEqual(['Admit 1=1', 'Admit all 3=3']);
    expect(labels(3, 1)).toEqual(['Admit 1=1', 'Admit the other 2=2']);
    expect(labels(3, 2)).toEqual(['Admit 1=1']);
  });

  it('everyone in: the party-sized buttons, for the caller to disable', () => {
    expect(labels(3, 3)).toEqual(['Admit 1=1', 'Admit all 3=3']);
  });
});
