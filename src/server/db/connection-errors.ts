/** Socket errors of a connection that failed or died (ENOENT: the Unix socket of a stopped server is gone). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that is not there for us: 57P01 admin shutdown / pg_terminate_backend, 57P02 crash
 * shutdown, 57P03 cannot connect now (starting up, shutting down), 53300 too many connections.
 * Class 08 (connection exception) is matched by its prefix.
 */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's own messages for a connection that closed under a query, a dead client and a pool that could not connect in time. */
const CLIENT_MESSAGES = [/^Connection terminated/, /is not queryable/, /^timeout exceeded when trying to connect/];

function atConnectionLevel(e: { code?: unknown; syscall?: unknown; message?: unknown }): boolean {
  if (typeof e.code === 'string') {
    if (SOCKET_CODES.has(e.code) || SERVER_GONE.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
    if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
  }
  return typeof e.message === 'string' && CLIENT_MESSAGES.some((re) => re.test(e.message as string));
}

/**
 * The driver's error when `err` (or an error it wraps: Drizzle puts the driver's error in `cause`) says the
 * database connection failed or went away, rather than that a statement was refused; else undefined. Such an
 * error answers 503 and its connection is kept out of the pool, so the next request connects afresh. The
 * result carries no statement text or parameters, so it may be logged.
 */
export function connectionFailure(err: unknown): { code?: string; message?: string } | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const rec = e as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown };
    if (atConnectionLevel(rec)) {
      return {
        code: typeof rec.code === 'string' ? rec.code : undefined,
        message: typeof rec.message === 'string' ? rec.message : undefined,
      };
    }
    e = rec.cause;
  }
  return undefined;
}

export const isConnectionError = (err: unknown): boolean => connectionFailure(err) !== undefined;
