import { randomBytes } from 'node:crypto';
import { createUser } from '../../src/server/auth/create-user.ts';
import { events } from '../../src/server/db/schema/events.ts';
import type { TestApp } from '../support/app.ts';
import { TEST_PASSWORD } from './users.ts';

type EventRow = typeof events.$inferInsert;

const hex = (n = 4) => randomBytes(n).toString('hex');

/**
 * An event row inserted directly (RSVP tests only read events). Without `user_id` a fresh host
 * account owns it.
 */
export async function insertEvent(t: TestApp, overrides: Partial<EventRow> = {}) {
  let userId = overrides.user_id;
  if (!userId) {
    const owner = await createUser({ auth: t.deps.auth, email: `owner-${hex()}@example.com`, password: TEST_PASSWORD });
    userId = owner.id;
  }
  const [row] = await t.db
    .insert(events)
    .values({
      slug: `party-${hex()}`,
      title: 'Summer Party',
      subtitle: 'Drinks on the roof',
      event_date: new Date('2031-06-21T18:00:00Z'),
      location: '1 Harbour Street',
      timezone: 'Europe/London',
      ...overrides,
      user_id: userId,
    })
    .returning();
  return row!;
}

/** A valid public RSVP form with a unique e-mail. */
export function rsvpInput(overrides: Record<string, unknown> = {}) {
  return { name: 'Ada Guest', email: `guest-${hex()}@example.com`, guest_count: 1, status: 'confirmed', ...overrides };
}

/** POST /api/public/events/:id/rsvps; returns status and parsed body. */
export async function postRsvp(t: TestApp, eventId: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.request(`/api/public/events/${eventId}/rsvps`, { method: 'POST', json: body, headers });
  // biome-ignore lint/suspicious/noExplicitAny: test helper returns the raw JSON for assertions
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}
