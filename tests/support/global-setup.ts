import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { createLogger } from '../../src/server/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection URL of the server's maintenance database (postgres). */
    pgAdminUrl: string;
    /** A migrated database that each test file clones. */
    pgTemplate: string;
  }
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * One real PostgreSQL for the run: TEST_DATABASE_URL when set (CI: the machine's PostgreSQL),
 * otherwise an embedded server in a temp dir. Migrations build a template database once.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tmp: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'turnout-test-'));
    embedded = await startEmbeddedPostgres(tmp, createLogger('warn'));
    adminUrl = embedded.url;
  }
  const template = `turnout_tmpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await runMigrations(withDatabase(adminUrl, template));
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    const leftovers = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [
      `turnout_t_${process.pid}_%`,
      template,
    ]);
    for (const row of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };
}
