import { describe, expect, it } from 'vitest';
import { seatsHint } from './manage-editor.tsx';

describe("the manage page's seats hint (docs/product.md#manage-page)", () => {
  it('counts the free seats as the server does, beside those the guest holds', () => {
    expect(seatsHint(1, true)).toBe('Only 1 seat left besides yours');
    expect(seatsHint(3, false)).toBe('Only 3 seats left');
    expect(seatsHint(0, true)).toBe('No seats left besides yours.');
    expect(seatsHint(0, false)).toBe('The event is full.');
  });

  it('says nothing without a cap or while plenty are left', () => {
    expect(seatsHint(null, false)).toBeUndefined();
    expect(seatsHint(10, true)).toBeUndefined();
  });
});
