import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../../src/server/db/client.ts';

export type TestDb = { url: string; db: Db; drop: () => Promise<void> };

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** A fresh database for one test file, cloned from the migrated template (fast: a file copy). */
export async function createTestDb(): Promise<TestDb> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `turnout_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const db = createDb(url, 5);
  return {
    url,
    db,
    drop: async () => {
      await db.$client.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
