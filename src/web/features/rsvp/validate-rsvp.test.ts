import { describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.ts';
import { type RsvpFormValues, titleFor, toFieldErrors, validateRsvp } from './validate-rsvp.ts';

const base: RsvpFormValues = { name: 'Ada Lovelace', email: 'Ada@Example.com', phone: '', notes: '', guest_count: 1, status: 'confirmed' };

describe('validateRsvp (the shared ZRsvpInput, the texts of the RSVP rules)', () => {
  it('trims, lower-cases the e-mail and omits blank optional fields', () => {
    const r = validateRsvp({ ...base, name: '  Ada Lovelace ', phone: '   ', notes: '' });
    expect(r).toEqual({ ok: true, data: { name: 'Ada Lovelace', email: 'ada@example.com', guest_count: 1, status: 'confirmed' } });
  });

  it('keeps phone (E.164, docs/product.md#phone-numbers) and notes when given', () => {
    const r = validateRsvp({ ...base, phone: ' +1 (415) 555-0100 ', notes: 'Vegetarian', guest_count: 3, status: 'maybe' });
    expect(r.ok && r.data).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+14155550100',
      notes: 'Vegetarian',
      guest_count: 3,
      status: 'maybe',
    });
  });

  it('refuses a phone that cannot be a number, on the phone field', () => {
    const r = validateRsvp({ ...base, phone: 'abc' });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).toContain('Please enter a valid phone number.');
  });

  it("says 'Missing Information' for a blank name or e-mail, before any e-mail pattern check", () => {
    for (const values of [
      { ...base, name: '   ' },
      { ...base, email: '' },
      { ...base, name: '', email: 'nope' },
    ]) {
      const r = validateRsvp(values);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.title).toBe(MSG.missingInformation);
        expect(r.description).toBe(MSG.rsvpMissing);
      }
    }
    const both = validateRsvp({ ...base, name: '', email: '' });
    expect(!both.ok && both.fields).toEqual({ name: 'Please fill in your name.', email: 'Please fill in your email address.' });
  });

  it("says 'Invalid Email' for a malformed address, on the e-mail field", () => {
    for (const email of ['ada', 'ada@', 'ada@example', 'a da@example.com']) {
      const r = validateRsvp({ ...base, email });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect([r.title, r.description]).toEqual([MSG.invalidEmail, MSG.invalidEmailText]);
        expect(r.fields.email).toBe(MSG.invalidEmailText);
      }
    }
  });

  it('refuses guest counts outside 1–10', () => {
    for (const guest_count of [0, 11, 1.5]) expect(validateRsvp({ ...base, guest_count }).ok).toBe(false);
    for (const guest_count of [1, 10]) expect(validateRsvp({ ...base, guest_count }).ok).toBe(true);
  });

  it('turns server field errors into inline messages for known fields only', () => {
    expect(toFieldErrors({ name: MSG.rsvpMissing, email: MSG.invalidEmailText, _: 'x', 'a.b': 'y' })).toEqual({
      name: 'Please fill in your name.',
      email: MSG.invalidEmailText,
    });
    expect(toFieldErrors(undefined)).toEqual({});
  });

  it('pairs server messages with their toast titles', () => {
    expect(titleFor(MSG.rsvpMissing)).toBe(MSG.missingInformation);
    expect(titleFor(MSG.invalidEmailText)).toBe(MSG.invalidEmail);
    expect(titleFor('Too many requests')).toBe(MSG.error);
  });
});
