/**
 * drizzle/0008_event-host-line.sql: the sample event seeded before it kept its host line as the
 * description's first line; the migration moves that line into events.host_line, for that event only.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SAMPLE_EVENT_CONTENT as S } from '../../src/common/sample-event.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { projectRoot } from '../../src/server/project-root.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });

/** A copy of drizzle/ whose journal stops before `tag`: the database as it was before that migration. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'turnout-migrations-'));
  cpSync(path.join(projectRoot(), 'drizzle'), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

it('moves the seeded host line of the sample event out of its description, and touches nothing else', async () => {
  // The database as it was before 0008 (the later migrations not applied either).
  const before = migrationsBefore('0008_event-host-line');
  await t.db.execute(sql`DROP SCHEMA public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public`);
  await runMigrations(t.url, before);
  rmSync(before, { recursive: true, force: true });
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
