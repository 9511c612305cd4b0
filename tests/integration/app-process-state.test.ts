/**
 * Process state belongs to an app (docs/ARCHITECTURE.md#process-state): createApp makes its caches and
 * the public events' LISTEN connection, close() ends them, and two apps in one process share none.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TPublicEvent } from '../../src/common/schemas/events.ts';
import { media } from '../../src/server/db/schema/events.ts';
import { createEvent } from '../factories/events.ts';
import { rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, secondApp, TEST_ORIGIN } from '../support/app.ts';

const one = await createTestApp({ RATE_LIMIT: 'false' });
const two = await createTestApp({ RATE_LIMIT: 'false' });

async function until(check: () => Promise<boolean> | boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

async function listeners(t: { db: typeof one.db }): Promise<number> {
  const r = await t.db.execute(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN turnout_event_changed'`,
  );
  return (r.rows[0] as { n: number }).n;
}

describe('two apps in one process', () => {
  it('share no cache: an image cached by one app is not served by the other, whose database lacks it', async () => {
    const id = 'ab'.repeat(16);
    await one.db.insert(media).values({ id, mime: 'image/png', width: 1, height: 1, bytes: Buffer.from('png bytes') });
    const get = (t: typeof one) => t.app.request(`${TEST_ORIGIN}/media/${id}.png`);
    expect((await get(one)).status).toBe(200); // now in one's cache
    expect((await get(two)).status).toBe(404);
  });

  it('on one database, each keeps its own public event cache, kept true by NOTIFY', async () => {
    const owner = await signedInUser(one);
    const e = await createEvent(one, owner, { title: 'Before' });
    const other = secondApp(one);
    expect(other.deps.caches).not.toBe(one.deps.caches);
    const read = async (app: typeof other.app) =>
      ((await (await app.request(`${TEST_ORIGIN}/api/public/events/${e.id}`)).json()) as { event: TPublicEvent }).event.title;
    one.deps.caches.publicEvents.listen();
    other.deps.caches.publicEvents.listen();
    expect(await until(() => one.deps.caches.publicEvents.enabled && other.deps.caches.publicEvents.enabled)).toBe(true);
    expect(await read(one.app)).toBe('Before');
    expect(await read(other.app)).toBe('Before'); // cached by the other app

    await one.request(`/api/events/${e.id}`, { method: 'PATCH', json: { title: 'After' }, cookie: owner.cookie });
    expect(await read(one.app)).toBe('After');
    expect(await until(async () => (await read(other.app)) === 'After')).toBe(true);

    // The RSVP path's event cache follows the same invalidations: an answer right after an edit is
    // judged on the edited event, in the process that made the edit and in the other once it heard.
    const answer = async (app: typeof other.app) =>
      (
        await app.request(`${TEST_ORIGIN}/api/public/events/${e.id}/rsvps`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
          body: JSON.stringify(rsvpInput()),
        })
      ).status;
    expect(await answer(one.app)).toBe(201);
    expect(await answer(other.app)).toBe(201);
    expect(one.deps.caches.rsvpEvents.get(e.id)).toBeDefined();
    expect(other.deps.caches.rsvpEvents.get(e.id)).toBeDefined();
    await one.request(`/api/events/${e.id}`, { method: 'PATCH', json: { is_active: false }, cookie: owner.cookie });
    expect(one.deps.caches.rsvpEvents.get(e.id)).toBeUndefined();
    expect(await answer(one.app)).toBe(404);
    expect(await until(() => other.deps.caches.publicEvents.get({ id: e.id }) === undefined)).toBe(true);
    expect(other.deps.caches.rsvpEvents.get(e.id)).toBeUndefined();
    expect(await answer(other.app)).toBe(404);
  });
});

describe('close()', () => {
  it('ends the LISTEN connection and turns the public event cache off for good', async () => {
    const cache = two.deps.caches.publicEvents;
    cache.listen();
    expect(await until(() => cache.enabled)).toBe(true);
    expect(await listeners(two)).toBe(1);

    await two.close();
    expect(cache.enabled).toBe(false);
    expect(await until(async () => (await listeners(two)) === 0)).toBe(true);

    // No reconnect, even on use: the pool is still open, yet the listener stays down.
    cache.listen();
    expect((await two.app.request(`${TEST_ORIGIN}/api/public/events/nope`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(await listeners(two)).toBe(0);
    expect(cache.enabled).toBe(false);
  });
});
