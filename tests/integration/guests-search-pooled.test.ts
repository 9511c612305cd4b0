/**
 * The guest search behind Debian's PgBouncer in transaction mode (ADR 0024): the page's rows come from a
 * statement that is named on a direct pool (list-guests.ts rowsById) and must not be named here, where
 * each message may reach another backend. Four app connections share two backends; every page matches the
 * direct pool's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client.ts';
import { listGuests } from '../../src/server/modules/guests/list-guests.ts';
import { ZGuestListQuery } from '../../src/common/schemas/guests.ts';
import { createEvent } from '../factories/events.ts';
import { seedGuests } from '../factories/guests.ts';
import { signedInUser } from '../factories/users.ts';
import { pgBouncerPath, startPgBouncer } from '../support/pgbouncer.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });

describe.skipIf(!pgBouncerPath())('the guest search through a transaction-mode pooler', () => {
  it('answers every search as on a direct connection, pages read in parallel over two backends', async () => {
    const owner = await signedInUser(t);
    const event = await createEvent(t, owner, { max_attendees: 5000 });
    await seedGuests(t, event.id, 300);
    const bouncer = await startPgBouncer(t.url, 2);
    const pooled = createDb(bouncer.pooled(t.url), 4, undefined, t.url);
    afterAll(async () => {
      await pooled.$client.end();
      await bouncer.stop();
    });
    const terms = ['guest', 'guest 001', 'guest 0020', 'guest12@example', '100042', '(415) 555-01', 'nobody'];
    const search = (db: typeof pooled, q: string, page: number) =>
      listGuests({ db, actor: owner, eventId: event.id, query: ZGuestListQuery.parse({ q, page: String(page) }) });
    for (let round = 0; round < 3; round++) {
      const asked = terms.flatMap((q) => [1, 2].map((page) => ({ q, page })));
      const viaPooler = await Promise.all(asked.map(({ q, page }) => search(pooled, q, page)));
      for (const [i, { q, page }] of asked.entries()) expect(viaPooler[i], `${q} page ${page}`).toEqual(await search(t.db, q, page));
    }
    expect((await search(pooled, 'guest', 1)).rows).toHaveLength(40);
  });
});
