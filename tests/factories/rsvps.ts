import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { createUser } from '../../src/server/auth/create-user.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
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

/**
 * A confirmed RSVP as an importer from the legacy system would write it: marked `legacy_qr` (its
 * guest holds the legacy JSON QR, verification_code = id), qr_version 1, no signed token stored;
 * a confirmed one holds its seats.
 */
export async function insertImportedRsvp(t: TestApp, eventId: string, overrides: Partial<typeof event_rsvps.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(event_rsvps)
    .values({
      event_id: eventId,
      name: 'Legacy Guest',
      email: `legacy-${hex()}@example.com`,
      status: 'confirmed',
      legacy_qr: true,
      confirmed_at: new Date('2024-05-01T12:00:00Z'),
      ...overrides,
    })
    .returning();
  // An importer counts the seats of confirmed guests too (events.seats_taken, ADR 0004).
  if (row!.status === 'confirmed') {
    await t.db
      .update(events)
      .set({ seats_taken: sql`${events.seats_taken} + ${row!.guest_count}` })
      .where(eq(events.id, eventId));
  }
  return row!;
}

/** The manage secret of the RSVP that `email` has for `eventId` (what the guest's e-mails link to). */
export async function manageSecretOf(t: TestApp, eventId: string, email: string): Promise<string> {
  const [row] = await t.db
    .select({ secret: event_rsvps.manage_secret })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.event_id, eventId), eq(event_rsvps.email, email.trim().toLowerCase())));
  if (!row) throw new Error(`no RSVP of ${email} for ${eventId}`);
  return row.secret;
}

/**
 * The guest changes their answer through its manage link (PUT /api/public/rsvps/{secret}): `answer` is
 * the form as first sent, `change` what differs now. Returns status and parsed body.
 */
export async function changeAnswer(t: TestApp, eventId: string, answer: Record<string, unknown>, change: Record<string, unknown> = {}) {
  const secret = await manageSecretOf(t, eventId, String(answer.email));
  const { email: _email, ...rest } = { ...answer, ...change };
  const res = await t.request(`/api/public/rsvps/${secret}`, { method: 'PUT', json: rest });
  // biome-ignore lint/suspicious/noExplicitAny: test helper returns the raw JSON for assertions
  return { status: res.status, headers: res.headers, body: (await res.json()) as any, secret };
}

/** The guest cancels through the manage link; returns status, body and the secret that was used. */
export async function cancelAnswer(t: TestApp, secret: string) {
  const res = await t.request(`/api/public/rsvps/${secret}/cancel`, { method: 'POST' });
  // biome-ignore lint/suspicious/noExplicitAny: test helper returns the raw JSON for assertions
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}
