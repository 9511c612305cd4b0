import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH } from './constants.ts';
import { normalizeEmail, ZEmail } from './schemas/email.ts';
import { ZEventInput } from './schemas/events.ts';
import { normalizePhone } from './phone.ts';
import { isAppPath } from './routes.ts';
import { generateSlug, slugBase } from './slug.ts';

describe('slug (event rules)', () => {
  it('lower-cases, drops non-alphanumerics and joins words with single hyphens', () => {
    expect(slugBase('  Summer   Party! 2026 ')).toBe('summer-party-2026');
    expect(slugBase('Café & Co.')).toBe('caf-co');
    expect(slugBase('Rock-n-Roll  Night')).toBe('rocknroll-night');
    expect(slugBase(' - ')).toBe('');
  });
  it('cuts a long title at a word so the slug stays within the accepted length', () => {
    const title = 'The Annual Neighbourhood Association Midsummer Garden Party and Community Barbecue Extravaganza';
    const slug = generateSlug(title);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^the-annual-neighbourhood-association-midsummer-garden-party-and-community-[a-z0-9]{6}$/);
    expect(generateSlug('x'.repeat(200))).toMatch(new RegExp(`^x{${SLUG_MAX_LENGTH - 7}}-[a-z0-9]{6}$`));
    // What is generated is what the form accepts back on edit.
    expect(ZEventInput.safeParse({ title, event_date: '2026-06-01T18:00:00Z', slug }).success).toBe(true);
  });
  it('adds a random 6-character suffix', () => {
    const slug = generateSlug('Summer Party!');
    expect(slug).toMatch(/^summer-party-[a-z0-9]{6}$/);
    expect(generateSlug('Summer Party!')).not.toBe(slug);
    expect(generateSlug('!!!')).toMatch(/^[a-z0-9]{6}$/);
  });
});

describe('e-mail normalisation', () => {
  it('is one rule: what ZEmail parses is normalizeEmail of the input', () => {
    for (const raw of ['  Zed@Example.COM ', 'amy@example.com', 'BOB@EXAMPLE.ORG\t']) {
      expect(ZEmail.parse(raw)).toBe(normalizeEmail(raw));
    }
    expect(normalizeEmail(' Zed@Example.COM ')).toBe('zed@example.com');
  });
});

describe('phone normalisation', () => {
  it('keeps digits, prefixes 1 unless present, adds +', () => {
    expect(normalizePhone('(555) 123-4567')).toBe('+15551234567');
    expect(normalizePhone('1 555 123 4567')).toBe('+15551234567');
    // A typed '+' names the country (docs/decisions/0017-sms.md): +1 would make it an impossible number.
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('  ')).toBe('');
  });
});

describe('route table', () => {
  it('knows the app paths and nothing else', () => {
    for (const p of [
      '/',
      '/event',
      '/event/abc',
      '/event/x/payment-success',
      '/ticket/1',
      '/checkin/verify/abc',
      '/sample',
      '/auth/sms/twilio',
    ]) {
      expect(isAppPath(p), p).toBe(true);
    }
    for (const p of ['/nope', '/event/a/b', '/auth/whatever', '/checkin/verify', '/samples']) {
      expect(isAppPath(p), p).toBe(false);
    }
  });
});
