import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { createDb } from './db/client.ts';
import { DataDirInUseError, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { type Env, EnvError, loadEnv } from './env.ts';
import { createLogger, type Logger } from './logger.ts';
import { type Running, stopAll } from './shutdown.ts';
import { startWorkers } from './workers.ts';

const KEEP_ALIVE_MS = 65_000;

type Control = { stopping: () => boolean; fail: (reason: string) => void };

/** Start-up step by step; after each step it gives up when a signal asked to stop meanwhile. */
async function start(env: Env, log: Logger, running: Running, control: Control, started: number) {
  const { stopping } = control;
  let url = env.DATABASE_URL;
  if (!url) {
    // A postmaster that dies is restarted; one that cannot be kept up stops the app with a non-zero status.
    running.embedded = await startEmbeddedPostgres(env.DATA_DIR, log, {
      onGiveUp: () => control.fail('the embedded PostgreSQL cannot be restarted'),
    });
    url = running.embedded.url;
  }
  if (stopping()) return;
  // Migrations hold a session's advisory lock: on the direct URL when DATABASE_URL is pooled (ADR 0024).
  await runMigrations(env.DATABASE_DIRECT_URL ?? url);
  if (stopping()) return;
  const db = createDb(url, env.DB_POOL_SIZE, running.embedded?.weighBackend, env.DATABASE_DIRECT_URL);
  running.db = db;
  const { app, deps, close, inFlight } = createApp({ env, db, auth: createAuth(db, env, log), log });
  running.app = { close, inFlight };

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST });
  // Node closes an idle keep-alive connection after 5 s by default, and a client or proxy that reuses it at
  // that instant gets ECONNRESET. Idle connections outlive clients' and the Caddyfile's (30 s) instead.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }
  running.server = server;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  if (stopping()) return;
  running.workers = startWorkers(deps);
  const port = (server.address() as AddressInfo).port;
  log.info(
    {
      ms: Math.round(performance.now() - started),
      database: running.embedded
        ? `embedded (${running.embedded.pgdata})`
        : env.DATABASE_DIRECT_URL
          ? 'DATABASE_URL (pooled, transaction mode) + DATABASE_DIRECT_URL'
          : 'DATABASE_URL',
    },
    `Turnout is listening on http://localhost:${port}`,
  );
}

async function main() {
  const started = performance.now();
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(env.LOG_LEVEL);
  const running: Running = {};

  // Signals are handled from here on, in every phase: a SIGTERM while the embedded PostgreSQL starts or
  // migrations run lets that step finish, skips the rest, and stops what is up (no orphaned database).
  let stopping = false;
  let startup: Promise<void> = Promise.resolve();
  /** A signal (exit 0), or `failure` (exit 1): drain, stop everything that runs, exit. */
  const shutdown = async (signal: string, failure?: string) => {
    if (stopping) return;
    stopping = true;
    if (failure) log.error({ reason: failure }, 'shutting down after a failure: draining requests');
    else log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      // A request that never ends must not leave the embedded database running after we exit.
      log.error('shutdown took longer than 20 s; stopping the database and exiting');
      void Promise.resolve(running.embedded?.stop()).finally(() => process.exit(1));
    }, 20_000);
    force.unref();
    const failed = await startup.then(
      () => false,
      () => true,
    );
    await stopAll(running, log);
    log.info('stopped');
    process.exit(failed || failure ? 1 : 0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const fail = (reason: string) => void shutdown('failure', reason);
  startup = start(env, log, running, { stopping: () => stopping, fail }, started);
  try {
    await startup;
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(2);
    }
    console.error('Turnout failed to start:', err instanceof Error ? (err.stack ?? err.message) : err);
    if (stopping) return; // the signal's shutdown stops what is up and exits 1
    stopping = true;
    await stopAll(running, log).catch((e: unknown) => log.error({ err: e }, 'could not stop cleanly after the failed start-up'));
    process.exit(1);
  }
}

main().catch((err) => {
  console.error('Turnout failed to start:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
