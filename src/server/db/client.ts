import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// numeric → string is pg's default; keep it (prices are formatted, never summed in JS). int8 → number.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDb(url: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle connection can die under the pool (server restart, admin shutdown, or the embedded server stopping
  // right after pool.end(), which resolves before its sockets close). pg drops that client and the next query
  // reconnects; without a listener the pool's 'error' event would crash the process (seen: exit 1 on SIGTERM).
  pool.on('error', (err) => {
    if (!pool.ending) process.emitWarning(`An idle PostgreSQL connection closed: ${err.message}`);
  });
  return drizzle(pool, { schema }) as Db;
}

export { schema };
