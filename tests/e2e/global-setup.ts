/**
 * Playwright's global setup: checks the build is there, and on TEST_DATABASE_URL's server migrates ONE
 * template database that each spec file's database is a copy of (CREATE DATABASE … TEMPLATE, a file
 * copy) instead of migrating an empty database from scratch. Without TEST_DATABASE_URL each server runs
 * its own embedded PostgreSQL, as before.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { DIST, E2E_TEMPLATE_VAR, ROOT, withDatabase } from './paths.ts';

async function admin(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export default async function globalSetup() {
  const main = path.join(DIST, 'server', 'main.js');
  if (!existsSync(main))
    throw new Error(
      `No built server at ${main}: run \`npm run build\` (or \`DIST_DIR=${path.relative(ROOT, DIST)} npm run build\`) first.`,
    );
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const template = `turnout_e2e_tmpl_${process.pid}`;
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${template}`);
  await admin(adminUrl, `CREATE DATABASE ${template}`);
  await runMigrations(withDatabase(adminUrl, template));
  // Read by the workers (tests/e2e/fixtures.ts): Playwright starts them after this, with this environment.
  process.env[E2E_TEMPLATE_VAR] = template;
  return async () => {
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
