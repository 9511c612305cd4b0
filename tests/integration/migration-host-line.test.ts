/**
 * drizzle/0008_event-host-line.sql: the sample event seeded before it kept its host line as the
 * description's first line; the migration moves that line into events.host_line, for that event only.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SAMPLE_EVENT_CONTENT as S } from '../../src/common/sample-event.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { createTestApp } from '../support/app.ts';
import { migrateUpTo } from '../support/migrations.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });

it('moves the seeded host line of the sample event out of its description, and touches nothing else', async () => {
  // The database as it was before 0008 (the later migrations not applied either).
  await migrateUpTo(t, '0008_event-host-line');
  // The account as that schema held it (the app's sign-up writes today's columns).
  await t.db.execute(sql`INSERT INTO "user" (id, name, email) VALUES ('old-owner', 'Old Owner', 'old-owner@example.com')`);
  const owner = { id: 'old-owner' };
  const old = (slug: string, description: string) =>
    t.db.execute(sql`INSERT INTO events (slug, user_id, title, event_date, main_body_description)
      VALUES (${slug}, ${owner.id}, 'Old', now(), ${description}) RETURNING id`);
  const folded = `${S.host_line}\n\n${S.main_body_description}`;
  await old('sample', folded);
  await old('not-the-sample', folded);
  await old('sample-edited', `Hosted by someone else\n\n${S.main_body_description}`);

  await runMigrations(t.url);

  const rows = await t.db
    .select({ slug: events.slug, host_line: events.host_line, main_body_description: events.main_body_description })
    .from(events)
    .orderBy(events.slug);
  expect(rows).toEqual([
    { slug: 'not-the-sample', host_line: null, main_body_description: folded },
    { slug: 'sample', host_line: S.host_line, main_body_description: S.main_body_description },
    { slug: 'sample-edited', host_line: null, main_body_description: `Hosted by someone else\n\n${S.main_body_description}` },
  ]);
  const [sample] = await t.db.select({ id: events.id }).from(events).where(eq(events.slug, 'sample'));
  const read = await t.request(`/api/public/events/${sample!.id}`);
  expect(((await read.json()) as { event: { host_line: string | null } }).event.host_line).toBe(S.host_line);
});
