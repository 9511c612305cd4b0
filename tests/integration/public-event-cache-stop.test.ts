/**
 * Shutdown ends the public event cache's LISTEN connection (a client of its own, not the pool's)
 * before the pool closes, and the listener does not come back.
 */
import { afterAll, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger.ts';
import { publicEventCache, stopPublicEventCache } from '../../src/server/modules/events/public/public-event-cache.ts';
import { createTestDb } from '../support/db.ts';

const testDb = await createTestDb();
afterAll(() => testDb.drop());

async function listening(): Promise<number> {
  const r = await testDb.db.$client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN turnout_event_changed'",
  );
  return r.rows[0]!.n;
}

async function until(check: () => Promise<boolean> | boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

it('stopPublicEventCache closes the LISTEN connection and turns the cache off for good', async () => {
  const cache = publicEventCache(testDb.db, createLogger('silent'));
  expect(await until(() => cache.enabled)).toBe(true);
  expect(await listening()).toBe(1);

  await stopPublicEventCache(testDb.db);
  expect(cache.enabled).toBe(false);
  expect(await until(async () => (await listening()) === 0)).toBe(true);

  // No reconnect: the pool is still open, yet the listener stays down.
  await new Promise((r) => setTimeout(r, 300));
  expect(await listening()).toBe(0);
  expect(cache.enabled).toBe(false);
});
