import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// numeric → string is pg's default; keep it (prices are formatted, never summed in JS). int8 → number.
pg.types.setTypeParser(20, (v) => Number(v));

/** How long a request waits for a pooled connection (a free one, or a new one) before it answers 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * `onBackend` gets each new connection's backend pid (from the server's BackendKeyData): the embedded
 * server's weighBackend (backend-weight.ts).
 */
export function createDb(url: string, poolSize = 10, onBackend?: (backendPid: number | null) => void): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  const lost = (err: Error) => {
    if (!pool.ending) process.emitWarning(`A PostgreSQL connection closed: ${err.message}`);
  };
  // A connection can die under the pool at any time (pg_terminate_backend, a server restart or crash, the embedded
  // server stopping right after pool.end(), which resolves before its sockets close). pg then emits 'error' on the
  // client: while it is idle the pool drops it and re-emits here; while it is checked out nothing else listens, and
  // an 'error' event without a listener ends the process. So every client gets a listener for its whole life; the
  // query in flight fails on its own (a 503, app.ts) and the dead client is not queryable, so its release drops it.
  pool.on('connect', (client) => {
    client.on('error', lost);
    onBackend?.((client as pg.PoolClient & { processID: number | null }).processID);
  });
  pool.on('error', () => {}); // an idle client's error, re-emitted by the pool: already reported by the listener above
  return drizzle(pool, { schema }) as Db;
}

export { schema };
