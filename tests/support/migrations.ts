import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { projectRoot } from '../../src/server/project-root.ts';
import type { TestDb } from './db.ts';

/**
 * Empties the test's database and migrates it up to, not including, the migration `tag`: the database
 * as it was before that migration, for a test of what the migration does to existing rows.
 */
export async function migrateUpTo(t: Pick<TestDb, 'db' | 'url'>, tag: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'turnout-migrations-'));
  try {
    cpSync(path.join(projectRoot(), 'drizzle'), dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    if (at < 1) throw new Error(`no migration ${tag} after the first in drizzle/meta/_journal.json`);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    await t.db.execute(sql`DROP SCHEMA public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public`);
    await runMigrations(t.url, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
