import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { projectRoot } from '../project-root.ts';

const LOCK_ID = 727_001; // any constant: one migration run at a time per database

/**
 * Applies the committed SQL migrations; safe when several processes start at once (advisory lock).
 * `folder` (tests of one migration) applies another folder's migrations instead.
 */
export async function runMigrations(url: string, folder = path.join(projectRoot(), 'drizzle')): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET client_min_messages = warning');
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    await client.end();
  }
}
