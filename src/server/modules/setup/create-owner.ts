import { sql } from 'drizzle-orm';
import type { Auth } from '../../auth/auth.ts';
import { countUsers, createUser } from '../../auth/create-user.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

const SETUP_LOCK = 727_002;

/** The one-time owner account: allowed only while no user exists (serialised across processes). */
export async function createOwner(opts: { db: Db; auth: Auth; email: string; password: string; name: string }) {
  // The lock belongs to a transaction held open on one connection while the account is made on others: a
  // transaction keeps its backend behind a pooler in transaction mode too, where a session lock would not (ADR 0024).
  const client = await opts.db.$client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
    if ((await countUsers(opts.db)) > 0) {
      throw new AppError('conflict', 'The owner account already exists. Please sign in.');
    }
    return await createUser({ auth: opts.auth, email: opts.email, password: opts.password, name: opts.name, role: 'admin' });
  } finally {
    await client.query('COMMIT').catch(() => {});
    client.release();
  }
}

export async function needsOwner(db: Db): Promise<boolean> {
  const rows = await db.execute(sql`SELECT NOT EXISTS (SELECT 1 FROM "user") AS needs`);
  return Boolean(rows.rows[0]?.needs);
}
