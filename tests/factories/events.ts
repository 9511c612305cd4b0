import { randomBytes } from 'node:crypto';
import type { TEventAdmin, TEventInput } from '../../src/common/schemas/events.ts';
import type { TestApp } from '../support/app.ts';

/** A month from now, on the hour (UTC). */
export function futureDate(days = 30): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
}

/**
 * Creates an event through the real API (POST /api/events) as `owner` (anything with a session
 * cookie, e.g. from signedInUser). Defaults: active, free, unlimited, a month ahead.
 */
export async function createEvent(t: TestApp, owner: { cookie: string }, overrides: Partial<TEventInput> = {}): Promise<TEventAdmin> {
  const input: TEventInput = {
    title: `Test Party ${randomBytes(3).toString('hex')}`,
    event_date: futureDate(),
    location: 'Community Hall, 1 Main Street',
    ...overrides,
  };
  const res = await t.request('/api/events', { method: 'POST', json: input, cookie: owner.cookie });
  if (res.status !== 201) throw new Error(`createEvent failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { event: TEventAdmin }).event;
}

/** A paid event with both (fake) Stripe keys. */
export function paidEventInput(overrides: Partial<TEventInput> = {}): Partial<TEventInput> {
  return {
    is_paid_event: true,
    ticket_price: 25,
    currency: 'usd',
    stripe_publishable_key: 'pk_test_51Hfake0000publishable',
    stripe_secret_key: 'sk_test_51Hfake0000secret0000abcd',
    ...overrides,
  };
}
