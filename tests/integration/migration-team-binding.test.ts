/**
 * drizzle/0025_event_hosts_user_id.sql (issue 29): team places of addresses that already have an
 * account are bound to that account's id; the others stay pending, and the door's check follows the id.
 */
import { asc, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { event_hosts } from '../../src/server/db/schema/events.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { createTestApp } from '../support/app.ts';
import { migrateUpTo } from '../support/migrations.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });

it('binds the places of existing accounts (any case of their address) and leaves the others pending', async () => {
  await migrateUpTo(t, '0025_event_hosts_user_id');
  await t.db.execute(sql`INSERT INTO "user" (id, name, email) VALUES
    ('owner', 'Owner', 'owner@example.com'), ('cohost', 'Co', 'Co.Host@Example.com'), ('door', 'Door', 'door@example.com')`);
  const [event] = (
    await t.db.execute<{ id: string }>(
      sql`INSERT INTO events (slug, user_id, title, event_date) VALUES ('e', 'owner', 'E', now()) RETURNING id`,
    )
  ).rows;
  await t.db.execute(sql`INSERT INTO event_hosts (event_id, email, role) VALUES
    (${event!.id}, 'co.host@example.com', 'cohost'), (${event!.id}, 'door@example.com', 'door'), (${event!.id}, 'pending@example.com', 'cohost')`);

  await runMigrations(t.url);

  const rows = await t.db
    .select({ email: event_hosts.email, user_id: event_hosts.user_id })
    .from(event_hosts)
    .orderBy(asc(event_hosts.email));
  expect(rows).toEqual([
    { email: 'co.host@example.com', user_id: 'cohost' },
    { email: 'door@example.com', user_id: 'door' },
    { email: 'pending@example.com', user_id: null },
  ]);
  // The door's one-statement check (turnout_checkin_scan) goes by the account id now: an unknown
  // e-mail text beside the right id still finds the event, the right text beside another id does not.
  const scan = (user: string, email: string) =>
    t.db.execute(sql`SELECT title FROM turnout_checkin_scan(${event!.id}::uuid, ${user}, ${email}, 'entry', ${`n-${user}-${email}`}, null,
      now(), null, '0000', null, null, null)`);
  expect((await scan('door', 'whatever@example.com')).rows).toHaveLength(1);
  expect((await scan('owner-not', 'door@example.com')).rows).toHaveLength(0);
});
