import { describe, expect, it } from 'vitest';
import { PAYMENT_FIELDS } from '../../../common/event-roles.ts';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import { FIELD_ORDER, initialFormState, needsPastDateConfirmation, validateEventForm } from './event-form-state.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const stored = { event_date: '2026-01-10T18:00:00.000Z', end_date: null } as TEventAdmin;

describe('needsPastDateConfirmation (docs/product.md#event-form)', () => {
  it('asks when a new event would be over already, not while it is on or ahead', () => {
    expect(needsPastDateConfirmation({ title: 'a', event_date: '2026-05-31T12:00:00Z', end_date: null }, null, NOW)).toBe(true);
    // Started 2 h ago, no end: on until start + 4 h.
    expect(needsPastDateConfirmation({ title: 'a', event_date: '2026-06-01T10:00:00Z', end_date: null }, null, NOW)).toBe(false);
    expect(needsPastDateConfirmation({ title: 'a', event_date: '2026-05-30T10:00:00Z', end_date: '2026-06-02T10:00:00Z' }, null, NOW)).toBe(
      false,
    );
    expect(needsPastDateConfirmation({ title: 'a', event_date: '2026-07-01T10:00:00Z', end_date: null }, null, NOW)).toBe(false);
  });

  it('asks on an edit only when the dates move into the past', () => {
    expect(needsPastDateConfirmation({ title: 'a', event_date: '2026-01-10T18:00:00Z', end_date: null }, stored, NOW)).toBe(false);
    expect(needsPastDateConfirmation({ title: 'a', event_date: '2026-01-11T18:00:00Z', end_date: null }, stored, NOW)).toBe(true);
    expect(
      needsPastDateConfirmation({ title: 'a', event_date: '2026-01-10T18:00:00Z', end_date: '2026-01-10T23:00:00Z' }, stored, NOW),
    ).toBe(true);
  });

  it('leaves an invalid date to the form checks', () => {
    expect(needsPastDateConfirmation({ title: 'a', event_date: 'invalid', end_date: null }, null, NOW)).toBe(false);
  });
});

describe('the payment fields (common/event-roles.ts PAYMENT_FIELDS, docs/decisions/0011-event-roles.md)', () => {
  const form = () => ({ ...initialFormState(null), title: 'Gala', date: '2030-07-18', time: '18:00', timezone: 'UTC', isPaid: true });

  it("a co-host's edit sends none of them; the owner's sends them (the write-only secrets only when typed)", () => {
    const cohost = validateEventForm(form(), { role: 'cohost' } as TEventAdmin).input;
    for (const f of PAYMENT_FIELDS) expect(cohost, f).not.toHaveProperty(f);
    const owner = validateEventForm(form(), { role: 'owner', stripe_secret_key_masked: '…abcd' } as TEventAdmin).input;
    expect(PAYMENT_FIELDS.filter((f) => !(f in owner))).toEqual(['stripe_secret_key', 'stripe_webhook_secret']);
  });

  it('come last in the form, in their listed order, so the first error there gets focus', () => {
    expect(FIELD_ORDER.slice(-PAYMENT_FIELDS.length)).toEqual([...PAYMENT_FIELDS]);
  });
});
