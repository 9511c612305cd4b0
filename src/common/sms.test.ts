import { describe, expect, it } from 'vitest';
import { isPlausiblePhone, normalizePhone } from './phone.ts';
import { countSms } from './sms.ts';

describe('countSms: characters and segments as a carrier bills them', () => {
  it('GSM-7: 160 in one message, 153 a part; the extension characters take two', () => {
    expect(countSms('')).toEqual({ encoding: 'GSM-7', characters: 0, units: 0, segments: 0 });
    expect(countSms('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(countSms('a'.repeat(161))).toMatchObject({ segments: 2 });
    expect(countSms('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(countSms('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(countSms('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', characters: 80, units: 160, segments: 1 });
    expect(countSms('Café £5 @ 7')).toMatchObject({ encoding: 'GSM-7' });
  });

  it('UCS-2 once any character is outside the GSM set: 70 in one, 67 a part; an emoji counts two units', () => {
    expect(countSms('ü'.repeat(70))).toMatchObject({ encoding: 'GSM-7' });
    expect(countSms('ć'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(countSms('ć'.repeat(71))).toMatchObject({ segments: 2 });
    expect(countSms('🎉')).toMatchObject({ encoding: 'UCS-2', characters: 1, units: 2, segments: 1 });
  });
});

describe('phone numbers (docs/product.md#phone-numbers)', () => {
  it('digits only, 1 prepended unless it starts with 1, then +; a typed + keeps its country', () => {
    expect(normalizePhone('(415) 555-0123')).toBe('+14155550123');
    expect(normalizePhone('1 415 555 0123')).toBe('+14155550123');
    expect(normalizePhone(' +44 20 7183 8750')).toBe('+442071838750');
    expect(normalizePhone('abc')).toBe('');
  });
  it('plausible: 8 to 15 digits', () => {
    expect(isPlausiblePhone('+1555')).toBe(false);
    expect(isPlausiblePhone('+14155550123')).toBe(true);
    expect(isPlausiblePhone(`+1${'2'.repeat(15)}`)).toBe(false);
  });
});
