import type http from 'node:http';
import type { ServerType } from '@hono/node-server';
import type { Db } from './db/client.ts';
import type { EmbeddedPostgres } from './db/embedded.ts';
import type { InFlight } from './http/in-flight.ts';
import type { Logger } from './logger.ts';
import type { Workers } from './workers.ts';

/** How long shutdown waits for the requests in flight (handlers, then open responses) before it cuts the connections left. */
export const DRAIN_MS = 10_000;

/** What start-up has brought up so far: shutdown stops exactly these. */
export type Running = {
  embedded?: EmbeddedPostgres;
  db?: Db;
  server?: ServerType;
  workers?: Workers;
  app?: { close: () => Promise<void>; inFlight: InFlight };
};

/**
 * Shutdown, in this order (docs/ARCHITECTURE.md#process-state): stop accepting connections and end the
 * live streams; wait, at most `drainMs`, for every request handler to finish (even one whose client has
 * gone) and for the responses still open; stop the workers; close the app (its LISTEN connections,
 * caches, SMTP); end the pool; stop the embedded database. The pool ends only once nothing that may
 * still query it runs.
 */
export async function stopAll(running: Running, log: Logger, drainMs = DRAIN_MS): Promise<void> {
  const { server, workers, app, db, embedded } = running;
  if (server) await drainHttp(server as http.Server, app?.inFlight, log, drainMs);
  await workers?.stop();
  await app?.close();
  await db?.$client.end();
  await embedded?.stop();
}

async function drainHttp(server: http.Server, inFlight: InFlight | undefined, log: Logger, drainMs: number) {
  // close(): no new connection; the idle keep-alive ones close now, a connection with a request keeps going.
  inFlight?.close(); // the live streams end
  const closed = server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
  if (inFlight?.size) log.info({ requests: inFlight.size }, 'shutting down: waiting for the requests in flight');
  // A handler that ended leaves its keep-alive connection idle: close it rather than wait for its timeout.
  const handlers = (inFlight?.idle() ?? Promise.resolve()).then(() => server.closeIdleConnections());
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), drainMs);
  });
  const outcome = await Promise.race([Promise.all([handlers, closed]).then(() => 'drained' as const), bound]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    // A stuck handler, or a response still streaming (a long download): cut them, then go on.
    log.warn({ requests: inFlight?.size ?? 0, ms: drainMs }, 'shutting down: requests still open after the drain bound; closing them');
    server.closeAllConnections();
  }
}
