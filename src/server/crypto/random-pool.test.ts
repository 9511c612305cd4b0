import { describe, expect, it } from 'vitest';
import { randomBase64url } from './random-pool.ts';

describe('randomBase64url', () => {
  it('gives base64url text of the asked length', () => {
    for (const bytes of [1, 16, 18, 32, 4096]) {
      const text = randomBase64url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(text, 'base64url')).toHaveLength(bytes);
    }
  });

  it('never hands the same bytes out twice, across refills of its buffer', () => {
    const drawn = Array.from({ length: 3 * Math.ceil(4096 / 18) }, () => randomBase64url(18));
    expect(new Set(drawn).size).toBe(drawn.length);
    // A refill is real randomness, not zeros left by the previous round.
    expect(drawn.filter((t) => /^A+$/.test(t))).toEqual([]);
  });

  it('refuses a length it cannot serve', () => {
    for (const bytes of [0, -1, 1.5, 4097, Number.NaN]) expect(() => randomBase64url(bytes)).toThrow(RangeError);
  });
});
