import { describe, expect, it } from 'vitest';
import { isPlausiblePhone, normalizePhone } from './phone.ts';
import { ZSendSmsInput, ZSmsJobInput } from './schemas/sms.ts';
import { countSms, SMS_MSG, smsLength, smsTooLong } from './sms.ts';

describe('countSms: characters and segments as a carrier bills them', () => {
  it('GSM-7: 160 in one message, 153 a part; the extension characters take two', () => {
    expect(countSms('')).toEqual({ encoding: 'GSM-7', length: 0, segments: 0 });
    expect(countSms('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(countSms('a'.repeat(161))).toMatchObject({ segments: 2 });
    expect(countSms('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(countSms('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(countSms('€'.repeat(80))).toEqual({ encoding: 'GSM-7', length: 160, segments: 1 });
    expect(countSms('Café £5 @ 7')).toMatchObject({ encoding: 'GSM-7' });
  });

  it('every GSM extension character (€ [ ] { } ^ ~ | \\) counts two, and a part never splits one', () => {
    for (const ch of ['€', '[', ']', '{', '}', '^', '~', '|', '\\']) {
      expect(countSms(`a${ch}`), ch).toEqual({ encoding: 'GSM-7', length: 3, segments: 1 });
    }
    // 152 septets then an escape pair: the pair does not fit the first part's last septet.
    expect(countSms(`${'a'.repeat(152)}€${'a'.repeat(153)}`)).toMatchObject({ length: 307, segments: 3 });
    expect(countSms(`${'a'.repeat(151)}€${'a'.repeat(153)}`)).toMatchObject({ length: 306, segments: 2 });
  });

  it('UCS-2 once any character is outside the GSM set: 70 in one, 67 a part; an emoji counts two units', () => {
    expect(countSms('ü'.repeat(70))).toMatchObject({ encoding: 'GSM-7' });
    expect(countSms('ć'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(countSms('ć'.repeat(71))).toMatchObject({ segments: 2 });
    expect(countSms('🎉')).toEqual({ encoding: 'UCS-2', length: 2, segments: 1 });
    // In UCS-2 the extension characters are one unit like any other.
    expect(countSms('🎉€')).toEqual({ encoding: 'UCS-2', length: 3, segments: 1 });
    // 66 units then an emoji: the surrogate pair is not split across parts.
    expect(countSms(`${'ć'.repeat(66)}🎉${'ć'.repeat(10)}`)).toMatchObject({ length: 78, segments: 2 });
    expect(countSms(`${'ć'.repeat(66)}🎉${'ć'.repeat(66)}`)).toMatchObject({ length: 134, segments: 3 });
  });

  it('counts the text as sent: trimmed, as the server trims it', () => {
    expect(countSms('  hi \n')).toEqual({ encoding: 'GSM-7', length: 2, segments: 1 });
  });
});

describe('the 1,600-character limit: one rule for the form and the server', () => {
  const cases: [string, string, number, boolean][] = [
    ['plain text at the limit', 'a'.repeat(1600), 1600, false],
    ['plain text one over', 'a'.repeat(1601), 1601, true],
    ['GSM extension characters at the limit', '€'.repeat(800), 1600, false],
    ['one extension character over', `${'a'.repeat(1599)}]`, 1601, true],
    ['emoji at the limit', '🎉'.repeat(800), 1600, false],
    ['an emoji pushes 1,599 visible characters over', `${'a'.repeat(1598)}🎉`, 1600, false],
    ['an emoji one unit over', `${'a'.repeat(1599)}🎉`, 1601, true],
    ['trailing spaces are not sent', `${'a'.repeat(1600)}   `, 1600, false],
  ];
  it.each(cases)('%s', (_name, text, length, tooLong) => {
    expect(smsLength(text)).toBe(length);
    expect(smsTooLong(text)).toBe(tooLong);
    const parsed = ZSendSmsInput.safeParse({ to: '+14155550123', message: text });
    expect(parsed.success).toBe(!tooLong);
    if (!parsed.success) expect(parsed.error.issues).toEqual([expect.objectContaining({ path: ['message'], message: SMS_MSG.tooLong })]);
    const job = ZSmsJobInput.safeParse({ filter: {}, message: text });
    expect(job.success).toBe(!tooLong);
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
