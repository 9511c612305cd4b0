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

/** The URL of a connection with a session of its own, per pool whose URL goes through a transaction-mode pooler. */
const sessionUrls = new WeakMap<pg.Pool, string>();
/** The pooled connections of such pools: they keep nothing between messages (db/session-statements.ts). */
const transactionPooled = new WeakSet<pg.ClientBase>();

/**
 * Options for a connection that needs a session of its own (LISTEN): the pool's, on its direct URL when
 * its own goes through a pooler in transaction mode (ADR 0024).
 */
export function sessionOptions(pool: pg.Pool): pg.ClientConfig {
  const direct = sessionUrls.get(pool);
  return direct ? { ...pool.options, connectionString: direct } : pool.options;
}

/** Whether `client` came from a pool behind a transaction-mode pooler: consecutive messages may reach different backends. */
export const isTransactionPooled = (client: pg.ClientBase): boolean => transactionPooled.has(client);
/** Whether `pool`'s URL goes through a transaction-mode pooler (DATABASE_DIRECT_URL beside it): no named statements on it. */
export const isTransactionPooledPool = (pool: pg.Pool): boolean => sessionUrls.has(pool);

type NamedQuery = { name?: string; text: string; values?: unknown[] };
/**
 * `pool` for a library that names its statements (rate-limiter-flexible): pg prepares a named statement once
 * per connection and then only refers to it, which a transaction-mode pooler's next backend may not have, so
 * there the names are dropped and each statement is parsed with its query (ADR 0024).
 */
export function namedStatementsClient(pool: pg.Pool): NamedQueryClient {
  if (!sessionUrls.has(pool)) return pool;
  return { query: (q) => pool.query({ text: q.text, values: q.values }) };
}
type NamedQueryClient = { query: <R extends pg.QueryResultRow>(q: NamedQuery) => Promise<pg.QueryResult<R>> };

/**
 * `onBackend` gets each new connection's backend pid (from the server's BackendKeyData): the embedded
 * server's weighBackend (backend-weight.ts). `sessionUrl`: a direct URL to the same database when `url`
 * goes through a pooler in transaction mode (DATABASE_DIRECT_URL; ADR 0024).
 */
export function createDb(url: string, poolSize = 10, onBackend?: (backendPid: number | null) => void, sessionUrl?: string): Db {
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
  if (sessionUrl) sessionUrls.set(pool, sessionUrl);
  pool.on('connect', (client) => {
    client.on('error', lost);
    if (sessionUrl) transactionPooled.add(client);
    onBackend?.((client as pg.PoolClient & { processID: number | null }).processID);
  });
  pool.on('error', () => {}); // an idle client's error, re-emitted by the pool: already reported by the listener above
  return drizzle(pool, { schema }) as Db;
}

export { schema };
